// The text of ::before / ::after boxes from the `content` property: strings, attr(), counter(),
// counters() and quotes. Images in content are reported and left out.
import type { DomElement } from './dom.js'
import type { Tok } from './css-tokens.js'
import type { Counters } from './counters.js'
import type { Warn } from './parse-declaration.js'
import { formatCounter } from './list-marker.js'
import { tokensToText } from './css-tokens.js'

/**
 * How deeply quotes are nested at this point of the document (CSS Generated Content 3 §1.3): open-quote and
 * no-open-quote raise it after they are drawn, close-quote and no-close-quote lower it before; a close-quote
 * at depth 0 draws nothing.
 */
export interface QuoteDepth { depth: number }

/** `quotes: auto` without a language: Chromium's basic pairs, “ ” then ‘ ’ inside them. */
const AUTO_QUOTES = ['\u201c', '\u201d', '\u2018', '\u2019']

/** The mark for an open (0) or close (1) quote at `depth`: the pair of that level, the last pair past them. */
function quoteMark(quotes: Tok[] | null, depth: number, side: 0 | 1): string {
  const marks = quotes ? quotes.map((t) => (t.t === 'str' ? t.v : '')) : AUTO_QUOTES
  if (marks.length < 2) return '' // quotes: none
  const pair = Math.min(depth, marks.length / 2 - 1)
  return marks[pair * 2 + side]
}

/**
 * The generated text, or null when the pseudo-element has no box (`content` normal/none or unset).
 * `quotes`: the pseudo-element's `quotes` tokens (null for auto).
 */
export function generatedText(content: Tok[] | null, el: DomElement, counters: Counters, warn: Warn, quotes: Tok[] | null, nesting: QuoteDepth): string | null {
  if (!content || content.length === 0) return null
  const first = content[0]
  if (content.length === 1 && first.t === 'ident' && (first.v === 'normal' || first.v === 'none')) return null
  let out = ''
  for (const t of content) {
    if (t.t === 'str') out += t.v
    else if (t.t === 'ident') {
      if (t.v === 'open-quote') out += quoteMark(quotes, nesting.depth++, 0)
      else if (t.v === 'close-quote') { if (nesting.depth > 0) out += quoteMark(quotes, --nesting.depth, 1) }
      else if (t.v === 'no-open-quote') nesting.depth++
      else if (t.v === 'no-close-quote') nesting.depth = Math.max(0, nesting.depth - 1)
      else { warn(`unsupported content "${tokensToText(content).slice(0, 80)}" ignored`); return null }
    } else if (t.t === 'fn' && t.name === 'attr') {
      const name = t.args[0]
      if (name?.t === 'ident') out += el.attrs[name.v] ?? ''
    } else if (t.t === 'fn' && (t.name === 'counter' || t.name === 'counters')) {
      const name = t.args[0]
      if (name?.t !== 'ident') continue
      const styleTok = t.args.filter((a) => a.t === 'ident')[1]
      const listStyle = styleTok && styleTok.t === 'ident' ? styleTok.v : 'decimal'
      const key = name.raw ?? name.v
      if (t.name === 'counter') out += formatCounter(counters.get(key), listStyle)
      else {
        const sep = t.args.find((a) => a.t === 'str')
        out += counters.all(key).map((v) => formatCounter(v, listStyle)).join(sep && sep.t === 'str' ? sep.v : '')
      }
    } else if (t.t === 'op' && t.v === '/') {
      break // alternative text for speech follows
    } else {
      warn(`unsupported content "${tokensToText(content).slice(0, 80)}" ignored`)
      if (t.t === 'url') continue
      return null
    }
  }
  return out
}
