// The text of ::before / ::after boxes from the `content` property: strings, attr(), counter(),
// counters() and quotes. Images in content are reported and left out.
import type { DomElement } from './dom.js'
import type { Tok } from './css-tokens.js'
import type { Counters } from './counters.js'
import type { Warn } from './parse-declaration.js'
import { formatCounter } from './list-marker.js'
import { tokensToText } from './css-tokens.js'

/** The generated text, or null when the pseudo-element has no box (`content` normal/none or unset). */
export function generatedText(content: Tok[] | null, el: DomElement, counters: Counters, warn: Warn): string | null {
  if (!content || content.length === 0) return null
  const first = content[0]
  if (content.length === 1 && first.t === 'ident' && (first.v === 'normal' || first.v === 'none')) return null
  let out = ''
  for (const t of content) {
    if (t.t === 'str') out += t.v
    else if (t.t === 'ident') {
      if (t.v === 'open-quote') out += '\u201c'
      else if (t.v === 'close-quote') out += '\u201d'
      else if (t.v === 'no-open-quote' || t.v === 'no-close-quote') continue
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
