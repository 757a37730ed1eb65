// One Liquid engine per worker and output mode. Escaping is decided when a template is parsed (liquidjs
// appends the escape filter to each output tag), so HTML, unescaped HTML (TemplateTo's Fluid behaviour,
// chosen per template) and plain-text output need separate engines. Every engine has TemplateTo's
// filters, tags and functions (templateto/).
import { Liquid, defaultOperators } from 'liquidjs'
import { PATCHES_ON } from '../patches.js'
import { blockFs } from './block-fs.js'
import { blockParseCache } from './block-parse-cache.js'
import { syncRenderer } from './sync-renderer.js'
import { registerTemplateToFilters } from './templateto/filters.js'
import { registerTemplateToTags } from './templateto/function-tags.js'

/** 'html' escapes output (Quire's default), 'html-raw' does not (Fluid's default, for imported TemplateTo templates). */
export type OutputMode = 'html' | 'html-raw' | 'text'

/** Longest Liquid source accepted, in characters (inline data: images make real templates large). */
export const MAX_TEMPLATE_CHARS = 16 * 1024 * 1024

/**
 * Allocation budget per render in liquidjs units (array elements, string characters created by ranges
 * and filters). `(1..100000000)` is refused before the array exists.
 */
export const MEMORY_LIMIT_UNITS = 10_000_000

const engines = new Map<OutputMode, Liquid>()

export function liquidEngine(mode: OutputMode): Liquid {
  let engine = engines.get(mode)
  if (!engine) {
    engine = new Liquid({
      fs: blockFs,
      root: ['blocks'],
      relativeReference: false,
      extname: '',
      cache: blockParseCache(mode),
      // A misspelt filter is a template bug worth reporting; missing data renders empty, as users expect.
      strictFilters: true,
      strictVariables: false,
      ownPropertyOnly: true,
      outputEscape: mode === 'html' ? 'escape' : undefined,
      // `{% if isArray(x) %}` is rewritten to `x tt_isarray nil` (templateto/rewrite-functions.ts).
      operators: { ...defaultOperators, tt_isarray: (value: unknown) => Array.isArray(value) },
      parseLimit: MAX_TEMPLATE_CHARS,
      memoryLimit: MEMORY_LIMIT_UNITS,
    })
    if (PATCHES_ON) (engine as { renderer: Liquid['renderer'] }).renderer = syncRenderer(engine.renderer, engine)
    registerTemplateToFilters(engine)
    registerTemplateToTags(engine)
    engines.set(mode, engine)
  }
  return engine
}
