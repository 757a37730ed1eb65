// Synthesised small caps, as Chromium draws them for a font without an smcp feature (none of the bundled
// fonts has one): a letter that has a capital is drawn as that capital at 0.7× the font size, rounded to
// whole px (measured in Chromium's reference PDFs: tufte-css 25.2px → 18px, weasyprint-report 14.67px →
// 10px); capitals, digits, spaces and punctuation keep the full size.
// all-small-caps draws the document's capitals small as well. Cut into items here, before measuring, so
// measure and paint see the same runs.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { InlineItem } from './boxes.js'

type TextItem = Extract<InlineItem, { kind: 'text' }>

const SMALL_CAPS_SCALE = 0.7

/** One reduced style per element style, so measuring caches and fragment merging see one style per run kind. */
const reduced = new WeakMap<ComputedStyle, ComputedStyle>()

function reducedStyle(style: ComputedStyle): ComputedStyle {
  let small = reduced.get(style)
  if (!small) {
    small = { ...style, fontSize: Math.max(1, Math.round(style.fontSize * SMALL_CAPS_SCALE)) }
    reduced.set(style, small)
  }
  return small
}

/** 0: full size as is; 1: a lowercase letter drawn small in capitals; 2: a capital drawn small (all-small-caps). */
function kindOf(ch: string, all: boolean): 0 | 1 | 2 {
  const upper = ch.toUpperCase()
  // A letter whose capital is longer (ß → SS) stays as it is: the text layer maps glyphs one to one.
  if (upper !== ch) return upper.length === ch.length ? 1 : 0
  return all && ch.toLowerCase() !== ch ? 2 : 0
}

/** The item cut into full-size runs and small-capital runs (the item itself when nothing changes). */
export function smallCapsRuns(item: TextItem): TextItem[] {
  const all = item.style.fontVariantCaps === 'all-small-caps'
  const out: TextItem[] = []
  const text = item.text
  let start = 0
  let kind = -1
  const flush = (end: number) => {
    if (end <= start) return
    const piece = text.slice(start, end)
    if (kind === 0) out.push({ kind: 'text', text: piece, style: item.style, link: item.link, decoration: item.decoration, owner: item.owner })
    else {
      out.push({
        kind: 'text', text: piece.toUpperCase(), style: reducedStyle(item.style), link: item.link, decoration: item.decoration, owner: item.owner,
        caps: { full: item.style, lowered: kind === 1 },
      })
    }
  }
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!
    const len = cp > 0xffff ? 2 : 1
    const k = kindOf(text.slice(i, i + len), all)
    if (k !== kind) { flush(i); start = i; kind = k }
    i += len
  }
  flush(text.length)
  return out.length === 1 && kind === 0 ? [item] : out
}
