// The outside list marker of a list item, placed against its first line's baseline. Chromium lays out and
// paints disc, circle, square and disclosure markers as shapes sized from the font's rounded ascent
// (ListMarker::InlineMarginsForOutside, RelativeSymbolMarkerRect; TextFragmentPainter::PaintSymbol), so
// they leave no glyph in a PDF's text layer; other markers ('1.', 'iv.', a string) are text ending at the
// content edge.
import type { BlockBox } from './boxes.js'
import type { SymbolFrag, TextFrag } from './fragments.js'
import type { LayoutContext } from './layout-context.js'

const SYMBOLS = new Set<string>(['disc', 'circle', 'square', 'disclosure-open', 'disclosure-closed'])
/** Chromium's kCMarkerPaddingPx: the gap between a symbol marker's box and the content edge. */
const MARKER_PADDING = 7

export function markerFrag(box: BlockBox, ctx: LayoutContext, contentX: number, baseline: number): TextFrag | SymbolFrag {
  const style = box.style
  const face = ctx.fonts.faceOf(style)
  const m = ctx.fonts.metrics(face, style.fontSize)
  const type = style.listStyleType
  if (SYMBOLS.has(type) && style.direction !== 'rtl') return symbolFrag(type as SymbolFrag['shape'], style, m.ascent, contentX, baseline)
  const text = box.marker!
  const w = ctx.fonts.width(face, text, style.fontSize)
  return {
    kind: 'text', x: contentX - w, baseline, y: baseline - m.ascent, h: m.ascent + m.descent, w, text, face, size: style.fontSize,
    color: style.color, letterSpacing: 0, spaceExtra: 0, decoration: null, opacity: 1, shadows: null, el: box.el, marker: true,
  }
}

function symbolFrag(shape: SymbolFrag['shape'], style: BlockBox['style'], ascent: number, contentX: number, baseline: number): SymbolFrag {
  const top = baseline - ascent
  if (shape === 'disclosure-open' || shape === 'disclosure-closed') {
    // A triangle 0.66 em wide (floored to Chromium's 1/64 px layout unit), its bottom on the baseline.
    const size = Math.floor(style.fontSize * 0.66 * 64) / 64
    return { kind: 'symbol', shape, x: contentX - size - MARKER_PADDING - 1, y: top + ascent - size, w: size, h: size, color: style.color }
  }
  // Integer arithmetic as Chromium's: the marker box starts (2/3 ascent + 8) px before the content, the
  // bullet 1 px into it, half that 2/3 ascent wide, and is snapped to whole pixels when painted.
  const offset = Math.trunc((ascent * 2) / 3)
  const size = Math.trunc((offset + 1) / 2)
  const x = contentX - offset - MARKER_PADDING - 1 + 1
  const y = top + Math.trunc((3 * (ascent - offset)) / 2)
  const x0 = Math.round(x)
  const y0 = Math.round(y)
  return { kind: 'symbol', shape, x: x0, y: y0, w: Math.round(x + size) - x0, h: Math.round(y + size) - y0, color: style.color }
}

/** A disclosure marker's triangle in its box: pointing right when closed, down when open (Chromium's unit paths). */
export function disclosureTriangle(s: SymbolFrag): Array<[number, number]> {
  const unit: Array<[number, number]> = s.shape === 'disclosure-open' ? [[0, 0.07], [0.5, 0.93], [1, 0.07]] : [[0, 0], [0.86, 0.5], [0, 1]]
  return unit.map(([u, v]) => [s.x + u * s.w, s.y + v * s.h])
}
