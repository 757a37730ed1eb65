// CSS 2 §9.4.3: a relatively positioned box is shifted by left/right and top/bottom after layout, its place in
// the flow kept. Percentages are of the containing block's width (left, right) and height (top, bottom; none
// when that height is not definite).
import type { ComputedStyle } from '../document/styled-tree.js'
import type { ContainingBlock } from './layout-context.js'

export function relativeOffset(style: ComputedStyle, cb: Pick<ContainingBlock, 'width' | 'height'>): { dx: number; dy: number } {
  const resolve = (d: ComputedStyle['left'], ref: number | null) => (d === 'auto' || ((d.pct || d.pctTerm) && ref === null) ? null : d.px + (d.pct * (ref ?? 0)) / 100)
  const left = resolve(style.left, cb.width)
  const right = resolve(style.right, cb.width)
  const top = resolve(style.top, cb.height)
  const bottom = resolve(style.bottom, cb.height)
  return { dx: left ?? (right !== null ? -right : 0), dy: top ?? (bottom !== null ? -bottom : 0) }
}
