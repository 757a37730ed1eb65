// One sandboxed Liquid render: compile (cached by cacheKey), then render under the time, memory and
// output-size limits with the render's content blocks in scope. Rendering is synchronous: templates and
// blocks are in memory, and liquidjs' async mode spent a promise per tag (about a tenth of a PDF render).
import { Context, toValueSync, type Template } from 'liquidjs'
import type { LiquidSource, RenderLimits } from '../contract.js'
import { withBlocks, type BlockMap } from './block-scope.js'
import { cachedCompiled, storeCompiled } from './compiled-cache.js'
import { HtmlLimitEmitter } from './html-limit-emitter.js'
import type { TemplateOrigins } from './template-origins.js'
import { liquidEngine, type OutputMode } from './liquid-engine.js'
import { withMissingVariableReport, type MissingVariableMode } from './missing-variables.js'
import { toRenderError } from './liquid-error.js'
import { DEFAULT_CULTURE } from './templateto/culture.js'
import { withRenderState } from './templateto/render-state.js'
import { rewriteFunctions } from './templateto/rewrite-functions.js'
import { loadBlockCssScoping } from './templateto/scope-block-css.js'

export interface LiquidRun {
  mode: OutputMode
  /** A LiquidSource is compiled once per cacheKey; a bare string (a short expression) every time. */
  source: LiquidSource | string
  scope: Record<string, unknown>
  blocks: BlockMap
  limits: RenderLimits
  /** Names the source in error messages: 'template', 'header block', … */
  label: string
  /** Culture of format_number, currency, … (a name already checked by resolveCulture); default en-US. */
  culture?: string
  /** Where outputs of variables the data lacks are reported (none: not reported), or 'error' to refuse them. */
  missingVariables?: { mode: MissingVariableMode; warn: (message: string) => void }
  /** Notes where each piece of the output came from (the document's render: warnings name template lines). */
  origins?: TemplateOrigins
}

function compile(run: LiquidRun): Template[] {
  const engine = liquidEngine(run.mode)
  if (typeof run.source === 'string') return engine.parse(rewriteFunctions(run.source))
  const key = `${run.mode}:main:${run.source.cacheKey}`
  const hit = cachedCompiled(key)
  if (hit) return hit as Template[]
  const templates = engine.parse(rewriteFunctions(run.source.text))
  storeCompiled(key, templates, run.source.text.length)
  return templates
}

export async function renderLiquid(run: LiquidRun): Promise<string> {
  const engine = liquidEngine(run.mode)
  // contentBlock() scopes a block's CSS with css-tree, loaded on first need; only a render with blocks can call it.
  if (Object.keys(run.blocks).length > 0) await loadBlockCssScoping()
  try {
    const state = { culture: run.culture ?? DEFAULT_CULTURE, counters: new Map<string, number>(), depth: 0 }
    const report = run.missingVariables && { ...run.missingVariables, label: run.label }
    return withBlocks(run.blocks, () => withRenderState(state, () => withMissingVariableReport(report, () => {
      const templates = compile(run)
      const ctx = new Context(run.scope, engine.options, { renderLimit: run.limits.templateRenderMs, sync: true }, { liquid: engine })
      const emitter = new HtmlLimitEmitter(run.limits.maxHtmlChars, run.origins)
      toValueSync(engine.renderer.renderTemplates(templates, ctx, emitter))
      if (run.origins) run.origins.output = emitter.buffer
      return emitter.buffer
    })))
  } catch (err) {
    throw toRenderError(err, run.label, run.limits.templateRenderMs)
  }
}

/**
 * Liquid scope from task data: a JSON object's own properties, copied because `{% increment %}` writes
 * to the scope and the same data is rendered again for headers and footers; anything else gives an empty scope.
 */
export function scopeOf(data: unknown, extra?: Record<string, unknown>): Record<string, unknown> {
  const base = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
  return { ...base, ...extra }
}
