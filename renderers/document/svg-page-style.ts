// The page's CSS for the elements inside an inline <svg>: the author rules that match each element, cascaded,
// kept to the properties an SVG renderer reads, as style-attribute text. Colours are resolved here (modern
// syntax and currentColor, which the SVG renderers would not read in a data: image), and var() is substituted
// with the <svg> element's custom properties (Tailwind v4's `fill-gray-800` is `fill: var(--color-gray-800)`).
import type { Color } from './styled-tree.js'
import type { RuleIndex } from './rule-index.js'
import { cascade } from './cascade.js'
import { tokenize, tokensToText, type Tok } from './css-tokens.js'
import { parseColor } from './parse-color.js'
import { cssColor, type SvgPageStyle } from './inline-svg.js'
import { SVG_ONLY_PROPERTIES } from './properties-svg.js'
import { substituteVars } from './substitute-vars.js'
import type { VarBudget } from './var-budget.js'

const SVG_ONLY = new Set<string>(SVG_ONLY_PROPERTIES)
/** On the SVG's own elements, some HTML properties mean the same. */
const SHARED = new Set(['display', 'visibility', 'opacity', 'font-family', 'font-size', 'font-weight', 'font-style'])
const COLORS = new Set(['fill', 'stroke', 'stop-color'])
const NONE: [string, string] = ['', '']
/** The SVG properties that are not inherited, with their initial values (what `unset` means for them). */
const NOT_INHERITED: Record<string, string> = { 'stop-color': 'black', 'stop-opacity': '1', 'vector-effect': 'none' }

/**
 * `custom`: the <svg> element's custom properties, which its own elements inherit (custom properties that a
 * rule sets on an element inside the SVG are not seen).
 */
export function svgPageStyle(author: RuleIndex, color: Color, custom: ReadonlyMap<string, string>, budget: VarBudget): SvgPageStyle {
  return (el, root) => {
    const matched = author.match(el).element
    if (matched.length === 0) return NONE
    let normal = ''
    let important = ''
    for (const [prop, d] of cascade([], null, matched, null)) {
      if (!SVG_ONLY.has(prop) && (root || !SHARED.has(prop))) continue
      let toks: Tok[] = d.toks
      if (d.varText !== null && d.wide === null) {
        // An undefined variable makes the declaration invalid at computed-value time: `unset`, which still
        // beats the presentation attribute (the parent's fill, not the attribute's, as Chromium draws it).
        const text = substituteVars(d.varText, (name) => custom.get(name), budget)
        toks = tokenize(typeof text === 'string' ? text.trim() : (NOT_INHERITED[prop] ?? 'inherit'))
      }
      let value = d.wide ?? tokensToText(toks)
      if (COLORS.has(prop) && toks.length === 1) {
        const c = parseColor(toks[0], color)
        if (c) value = cssColor(c)
      }
      if (/[;{}<>]/.test(value)) continue
      // Without the !important flag, which svg-to-pdfkit reads as part of the value: written after the
      // element's own style attribute, it wins by order.
      if (d.important) important += `${important ? ';' : ''}${prop}:${value}`
      else normal += `${normal ? ';' : ''}${prop}:${value}`
    }
    return normal || important ? [normal, important] : NONE
  }
}
