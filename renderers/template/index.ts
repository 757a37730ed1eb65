// Customer templates → HTML (and plain strings). Liquid runs sandboxed: content blocks are the only
// includable "files", no prototype access, bounded parse length, render time, memory and output size.
import type { DocumentSource, LiquidSource, RenderLimits, TemplateSettings } from '../contract.js'
import type { BlockMap } from './block-scope.js'
import { renderLiquid, scopeOf } from './render-liquid.js'
import { RenderError } from '../contract.js'
import { applyBaseHref } from './apply-base-href.js'
import type { TemplateOrigins } from './template-origins.js'
import { resolveCulture, UnknownCultureError } from './templateto/culture.js'
import type { OutputMode } from './liquid-engine.js'

export { checkLiquidSyntax, type LiquidSyntaxProblem } from './check-liquid-syntax.js'
export { compileCount } from './compiled-cache.js'

function checkHtmlSize(html: string, limits: RenderLimits): string {
  if (html.length > limits.maxHtmlChars) {
    throw new RenderError('QUIRE_ERR_RENDER_HTML_LIMIT', `HTML is ${html.length} characters, more than the limit of ${limits.maxHtmlChars} (maxHtmlChars)`)
  }
  return html
}

export interface TemplateOptions { culture: string; mode: OutputMode }

/** The culture and output escaping a template's settings ask for; an unknown culture is the request's mistake. */
export function templateOptions(settings: Pick<TemplateSettings, 'cultureName' | 'outputEscaping'>): TemplateOptions {
  try {
    return { culture: resolveCulture(settings.cultureName), mode: settings.outputEscaping === 'none' ? 'html-raw' : 'html' }
  } catch (err) {
    if (err instanceof UnknownCultureError) throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION', `cultureName: ${err.message}`)
    throw err
  }
}

/**
 * One formatter per culture for the worker's life: making an Intl.DateTimeFormat loads the culture's ICU
 * data, and footers used to make one per page. Bounded like resolveCulture's own cache (a request can name
 * any supported locale, extensions included).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** {{tt_date}}: today's date as the culture writes it (en-US 1/15/2024, en-GB 15/01/2024, de-DE 15.1.2024). */
export function ttDate(date: Date, culture: string): string {
  let format = dateFormats.get(culture)
  if (!format) {
    if (dateFormats.size > 500) dateFormats.clear()
    dateFormats.set(culture, format = new Intl.DateTimeFormat(culture, { timeZone: 'UTC' }))
  }
  return format.format(date)
}

/**
 * Raw HTML passes through untouched; a template is rendered with the task data as its scope. `warn` receives
 * the outputs of variables the data lacks (missing-variables.ts), unless the settings make them an error.
 */
export async function renderDocumentHtml(args: {
  source: DocumentSource
  data: unknown
  limits: RenderLimits
  warn?: (message: string) => void
  /** Notes where the template wrote each line (template-origins.ts): what warnings about elements name. */
  origins?: TemplateOrigins
}): Promise<string> {
  const { source, data, limits, warn, origins } = args
  if (source.kind === 'html') return applyBaseHref(checkHtmlSize(source.main.text, limits))
  const { culture, mode } = templateOptions(source.settings)
  const strict = source.settings.missingVariables === 'error'
  const missingVariables = strict ? { mode: 'error' as const, warn: () => undefined } : warn ? { mode: 'warn' as const, warn } : undefined
  return applyBaseHref(await renderLiquid({ mode, culture, source: source.main, scope: scopeOf(data), blocks: source.blocks, limits, label: 'template', missingVariables, origins }))
}

/**
 * A header or footer block, rendered once per page: scope = data plus extraVars (page, pages,
 * tt_pageNumber, tt_totalPages, tt_date). `blocks` (optional) makes content blocks includable from it.
 */
export async function renderBlockHtml(
  block: LiquidSource,
  data: unknown,
  extraVars: Record<string, unknown>,
  limits: RenderLimits,
  blocks: BlockMap = {},
  options: TemplateOptions = { culture: 'en-US', mode: 'html' },
): Promise<string> {
  return renderLiquid({ mode: options.mode, culture: options.culture, source: block, scope: scopeOf(data, extraVars), blocks, limits, label: 'header/footer block' })
}

/** A short Liquid expression such as the PDF password: plain text, not HTML-escaped. */
export async function renderLiquidString(text: string, data: unknown, limits: RenderLimits): Promise<string> {
  return renderLiquid({ mode: 'text', source: text, scope: scopeOf(data), blocks: {}, limits, label: 'expression' })
}
