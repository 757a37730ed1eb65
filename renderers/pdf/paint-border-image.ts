// A border image (CSS Backgrounds 3 §6) instead of the border styles: each draw of the nine-slice geometry
// (layout/border-image-geometry.ts) is the whole image, or gradient, placed and cut to one tile.
import { backgroundNatural } from '../layout/background-geometry.js'
import { borderImageDraws, type Sides } from '../layout/border-image-geometry.js'
import type { BoxFrag } from '../layout/fragments.js'
import { paintGradient } from './paint-background-layers.js'
import type { PaintTarget } from './paint-target.js'

const width = (b: { style: string; width: number }) => (b.style === 'none' || b.style === 'hidden' ? 0 : b.width)

/** Whether the box has a border image that could be drawn (its borders are then not). */
export function paintBorderImage(target: PaintTarget, frag: BoxFrag): boolean {
  const s = frag.style
  const source = s.borderImage?.source
  if (!source) return false
  const borders: Sides = [width(s.borderTop), width(s.borderRight), width(s.borderBottom), width(s.borderLeft)]
  const { doc } = target
  if (source.kind === 'url') {
    const img = target.image(source.url) as { width: number; height: number } | null
    if (!img) return false
    const natural = target.natural(source.url)
    const size = backgroundNatural({ width: img.width, height: img.height, ...(natural ? { natural } : {}) }, s.zoom)
    const plan = borderImageDraws(s.borderImage!, frag, borders, size)
    for (const d of plan.draws) {
      doc.save()
      doc.rect(d.clip.x, d.clip.y, d.clip.w, d.clip.h).clip()
      doc.image(img as never, d.image.x, d.image.y, { width: d.image.w, height: d.image.h })
      doc.restore()
    }
    return true
  }
  const layer = { image: source, size: ['auto', 'auto'] as ['auto', 'auto'], position: [{ px: 0, pct: 0 }, { px: 0, pct: 0 }] as never, repeat: ['no-repeat', 'no-repeat'] as ['no-repeat', 'no-repeat'] }
  for (const d of borderImageDraws(s.borderImage!, frag, borders, null).draws) {
    doc.save()
    doc.rect(d.clip.x, d.clip.y, d.clip.w, d.clip.h).clip()
    paintGradient(doc, layer, d.image)
    doc.restore()
  }
  return true
}
