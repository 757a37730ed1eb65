// Absolutely positioned boxes (CSS 2 §10.3.7, §10.6.4): placed against the padding box of the nearest
// positioned ancestor once its size is known, or at their static position when no offset is given.
import type { ComputedStyle } from '../document/styled-tree.js'
import { margins } from './box-edges.js'
import { createFloatContext } from './float-context.js'
import { translateFrag, type BoxFrag } from './fragments.js'
import { withoutFlow, type LayoutContext, type PendingAbsolute } from './layout-context.js'
import { layoutBox } from './layout-box.js'

export interface PaddingBox { x: number; y: number; width: number; heightPx: number }

function offset(d: ComputedStyle['left'], ref: number): number | null {
  return d === 'auto' ? null : d.px + (d.pct * ref) / 100
}

export function layoutAbsolute(item: PendingAbsolute, pb: PaddingBox, ctx: LayoutContext): BoxFrag {
  const { box } = item
  const style = box.style
  const m = margins(style, pb.width)
  const left = offset(style.left, pb.width)
  const right = offset(style.right, pb.width)
  const top = offset(style.top, pb.heightPx)
  const bottom = offset(style.bottom, pb.heightPx)
  const startX = left !== null ? pb.x + left : item.staticX
  // With only `right` set the box is placed from the right edge, so the static position does not narrow it.
  const room = left !== null && right !== null ? pb.width - left - right
    : right !== null ? pb.width - right : pb.x + pb.width - startX
  const stretchW = style.width === 'auto' && left !== null && right !== null
  const stretchH = style.height === 'auto' && top !== null && bottom !== null
  const result = layoutBox(box, { x: startX, width: Math.max(0, room), height: pb.heightPx }, 0, withoutFlow(ctx), {
    floats: createFloatContext(),
    shrink: !stretchW,
    fixedHeight: stretchH ? Math.max(0, pb.heightPx - top! - bottom! - m.top - m.bottom) : undefined,
  })
  const frag = result.frag
  const x = left !== null ? pb.x + left + m.left
    : right !== null ? pb.x + pb.width - right - m.right - frag.w
    : item.staticX + m.left
  const y = top !== null ? pb.y + top + m.top
    : bottom !== null ? pb.y + pb.heightPx - bottom - m.bottom - frag.h
    : item.staticY + m.top
  translateFrag(frag, x - frag.x, y - frag.y)
  frag.positioned = true
  return frag
}
