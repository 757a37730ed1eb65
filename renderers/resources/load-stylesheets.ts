// Stylesheets a template links (`<link rel="stylesheet">`, `@import`), fetched before the document is built:
// through the guarded fetcher (allowed schemes and hosts only, every redirect checked), cached per worker,
// their relative url()s made absolute against their own address so fonts and images they name load too.
// A sheet that cannot be loaded is a warning and is left out, as a browser leaves it out.
import type { FetchPolicy, RenderBudgets } from '../contract.js'
import { DEFAULT_BUDGETS } from '../default-budgets.js'
import { expandImports, findImports } from '../document/css-imports.js'
import type { SheetSource } from '../document/rule-index.js'
import { decodeDataUri } from './decode-data-uri.js'
import { fetchCached } from './fetched-resource-cache.js'

/** Imports inside imports: Bootstrap themes nest two levels; more is a loop or an attack. */
const MAX_DEPTH = 4
/** Sheets per document: frameworks split into a few files, not dozens. */
const MAX_SHEETS = 32

export interface LoadedStylesheets {
  /** URL as written in the importing sheet → the sheet's text, its own imports already expanded. */
  sheets: Map<string, string>
  warnings: string[]
}

function shortRef(url: string): string {
  return url.length > 100 ? `${url.slice(0, 80)}…` : url
}

/** Relative `url()` and `@import "…"` references of a fetched sheet, resolved against the sheet's address. */
function absolutize(css: string, base: string): string {
  const resolve = (ref: string): string => {
    if (ref === '' || ref.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref
    try {
      return new URL(ref, base).href
    } catch {
      return ref
    }
  }
  return css
    .replace(/url\(\s*(["']?)([^"')]*)\1\s*\)/gi, (_m, q: string, ref: string) => `url(${q}${resolve(ref.trim())}${q})`)
    .replace(/@import\s+(["'])([^"']*)\1/gi, (_m, q: string, ref: string) => `@import ${q}${resolve(ref.trim())}${q}`)
}

async function fetchText(url: string, policy: FetchPolicy, budget: number): Promise<string> {
  if (/^data:/i.test(url)) return decodeDataUri(url).bytes.toString('utf8')
  const absolute = url.startsWith('//') ? `https:${url}` : url
  if (!/^https?:\/\//i.test(absolute)) throw new Error('only data:, http: and https: stylesheets can be loaded (relative URLs have no base)')
  const res = await fetchCached(absolute, policy, budget, 'text/css,*/*;q=0.1')
  if (res.contentType !== '' && !/^text\/css|^text\/plain/.test(res.contentType)) throw new Error(`not a stylesheet (${res.contentType.split(';')[0]})`)
  return absolutize(res.bytes.toString('utf8').replace(/^\uFEFF/, ''), absolute)
}

/**
 * `styles`: the document's own sheets, as its parse found them (parse-html.ts makes each `<link rel=stylesheet>`
 * an @import there): the document is parsed once, not a second time here to find them.
 */
export async function loadStylesheets(styles: readonly SheetSource[], policy: FetchPolicy, budgets: Pick<RenderBudgets, 'webResourceCacheBytes'> = DEFAULT_BUDGETS): Promise<LoadedStylesheets> {
  const out: LoadedStylesheets = { sheets: new Map(), warnings: [] }
  const top = styles.flatMap((s) => findImports(s.text))
  if (top.length === 0) return out
  let count = 0
  const load = async (url: string, depth: number): Promise<void> => {
    // Seen before (an import loop, or the same sheet twice): loaded once. An unloaded import is replaced by
    // nothing: the warning here says why, the stylesheet parser says nothing more.
    if (out.sheets.has(url)) return
    out.sheets.set(url, '')
    if (depth > MAX_DEPTH || ++count > MAX_SHEETS) {
      out.warnings.push(`stylesheet ${shortRef(url)} not loaded: more than ${MAX_SHEETS} stylesheets or imports nested deeper than ${MAX_DEPTH}`)
      return
    }
    try {
      const text = await fetchText(url, policy, budgets.webResourceCacheBytes)
      const nested = findImports(text)
      await Promise.all(nested.map((i) => load(i.url, depth + 1)))
      out.sheets.set(url, expandImports(text, out.sheets))
    } catch (err) {
      const reason = (err as { reason?: string }).reason ?? (err instanceof Error ? err.message : String(err))
      out.warnings.push(`stylesheet ${shortRef(url)} not loaded: ${reason}`)
    }
  }
  await Promise.all(top.map((i) => load(i.url, 1)))
  return out
}
