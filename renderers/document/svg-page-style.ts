// The page's CSS for the elements inside an inline <svg>: the author rules that match each element, cascaded,
// kept to the properties an SVG renderer reads, as style-attribute text. Colours are resolved here (modern
// syntax and currentColor, which the SVG renderers would not read in a data: image).
import type { Color } from './styled-tree.js'
import type { RuleIndex } from './rule-index.js'
import { cascade } from './cascade.js'
import { tokensToText } from './css-tokens.js'
import { parseColor } from './parse-color.js'
import { cssColor, type SvgPageStyle } from './inline-svg.js'
import { SVG_ONLY_PROPERTIES } from './properties-svg.js'

const SVG_ONLY = new Set<string>(SVG_ONLY_PROPERTIES)
/** On the SVG's own elements, some HTML properties mean the same. */
const SHARED = new Set(['display', 'visibility', 'opacity', 'font-family', 'font-size', 'font-weight', 'font-style'])
const COLORS = new Set(['fill', 'stroke', 'stop-color'])
const NONE: [string, string] = ['', '']

export function svgPageStyle(author: RuleIndex, color: Color): SvgPageStyle {
  return (el, root) => {
    const matched = author.match(el).element
    if (matched.length === 0) return NONE
    let normal = ''
    let important = ''
    for (const [prop, d] of cascade([], null, matched, null)) {
      if (!SVG_ONLY.has(prop) && (root || !SHARED.has(prop))) continue
      // A value with var() would need the element's custom properties; it is left to the SVG's attributes.
      if (d.varText !== null) continue
      let value = d.wide ?? tokensToText(d.toks)
      if (COLORS.has(prop) && d.toks.length === 1) {
        const c = parseColor(d.toks[0], color)
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
