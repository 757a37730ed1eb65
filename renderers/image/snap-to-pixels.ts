// Boxes painted on whole device pixels, as Chromium paints them: a box's border box (and an overflow clip)
// is snapped edge by edge to the nearest device pixel before its background and borders are drawn, and so is
// the content box a bitmap <img> is drawn into
// (Blink's PixelSnappedIntRect: x rounded, width = round(x + width) − round(x)), so two boxes that meet at a
// fractional position share an edge pixel instead of blending into it, and a translucent fill has one colour to
// its edge. Text is not snapped (Chromium positions glyphs at sub-pixels), and nothing under a transform is.
import type { PaintOp } from '../layout/display-list.js'
import type { BoxFrag } from '../layout/fragments.js'

/** `snapsImage`: whether an <img> of that source is drawn from pixels (an SVG drawn as vectors is not snapped). */
export function snapToPixels(ops: PaintOp[], scale: number, keep: BoxFrag | undefined, snapsImage: (src: string) => boolean = () => true): PaintOp[] {
  const snap = (v: number) => Math.round(v * scale) / scale
  const open: boolean[] = []
  let transforms = 0
  let changed = false
  const out = ops.map((op): PaintOp => {
    switch (op.kind) {
      case 'transform':
        open.push(true)
        transforms++
        return op
      case 'clip':
      case 'opacity':
        open.push(false)
        if (op.kind === 'opacity' || transforms > 0) return op
        return snapRect(op, snap, () => { changed = true })
      case 'restore':
        if (open.pop()) transforms--
        return op
      case 'box': {
        if (transforms > 0 || op.frag === keep) return op
        const f = op.frag
        const x = snap(f.x), y = snap(f.y)
        const w = snap(f.x + f.w) - x, h = snap(f.y + f.h) - y
        const image = f.image && snapsImage(f.image.src) ? snapImage(f.image, snap) : f.image
        if (x === f.x && y === f.y && w === f.w && h === f.h && image === f.image) return op
        changed = true
        return { ...op, frag: { ...f, x, y, w, h, image } }
      }
      default:
        return op
    }
  })
  return changed ? out : ops
}

/**
 * An <img> is drawn into its pixel-snapped content rectangle (Blink's ImagePainter::PaintIntoRect), so a bitmap
 * resampled to that many device pixels (resampled-images.ts) is copied, not resampled again by resvg.
 */
function snapImage(image: NonNullable<BoxFrag['image']>, snap: (v: number) => number): NonNullable<BoxFrag['image']> {
  const x = snap(image.contentX), y = snap(image.contentY)
  const w = snap(image.contentX + image.contentW) - x, h = snap(image.contentY + image.contentH) - y
  if (x === image.contentX && y === image.contentY && w === image.contentW && h === image.contentH) return image
  return { ...image, contentX: x, contentY: y, contentW: w, contentH: h }
}

function snapRect<T extends { x: number; y: number; w: number; h: number }>(r: T, snap: (v: number) => number, onChange: () => void): T {
  const x = snap(r.x), y = snap(r.y)
  const w = snap(r.x + r.w) - x, h = snap(r.y + r.h) - y
  if (x === r.x && y === r.y && w === r.w && h === r.h) return r
  onChange()
  return { ...r, x, y, w, h }
}
