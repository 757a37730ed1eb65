// CSS `zoom` as Chromium ships it since 128 (CSS Viewport, "zoom"): `normal | <number> | <percentage>`,
// negative values invalid, 0 treated as 1. The style keeps the effective zoom (the product down the tree),
// and every length computes already multiplied by it (parse-length.ts), percentages excepted.
import type { ComputedStyle } from './styled-tree.js'
import type { PropertyDef } from './property-def.js'

const zoom: PropertyDef = {
  inherited: false,
  initial: 'normal',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    let factor: number
    if (t.t === 'ident' && t.v === 'normal') factor = 1
    else if (t.t === 'num' && (t.unit === '' || t.unit === '%') && t.n >= 0) factor = t.unit === '%' ? t.n / 100 : t.n
    else return false
    c.style.zoom = c.parent.zoom * (factor === 0 ? 1 : factor)
    return true
  },
  inherit(c) { c.style.zoom = c.parent.zoom },
}

export const ZOOM_PROPERTIES: Record<string, PropertyDef> = { zoom }

/**
 * The parent's style as a child at effective zoom `zoom` sees it: its inherited lengths rescaled. Chromium
 * inherits lengths unzoomed and zooms them by the child's own zoom, so `line-height: 20px` on a parent is a
 * 40px line in a `zoom: 2` child, and so are letter-spacing, word-spacing, text-indent, border-spacing and
 * text-shadow; font-size em and % then refer to the rescaled font size.
 */
export function rezoomedParent(parent: ComputedStyle, zoom: number): ComputedStyle {
  const k = zoom / parent.zoom
  const lh = parent.lineHeight
  return {
    ...parent,
    zoom,
    fontSize: parent.fontSize * k,
    lineHeight: lh.kind === 'px' ? { kind: 'px', value: lh.value * k } : lh,
    letterSpacing: parent.letterSpacing * k,
    wordSpacing: parent.wordSpacing * k,
    textIndent: { px: parent.textIndent.px * k, pct: parent.textIndent.pct },
    borderSpacing: [parent.borderSpacing[0] * k, parent.borderSpacing[1] * k],
    textShadow: parent.textShadow.map((s) => ({ ...s, x: s.x * k, y: s.y * k, blur: s.blur * k })),
  }
}
