// Background layers: url() images sized (cover, contain, lengths), positioned and repeated over the padding
// box, and linear/radial gradients — all clipped to the rounded border box. Layers paint bottom-up.
import { resolveDim, type BackgroundLayer, type ComputedStyle } from '../document/styled-tree.js'
import { gradientStopOffsets, imageLayerTiles, type Area } from './background-geometry.js'
import type { BoxFrag } from './fragments.js'
import { rectPath, rgb } from './paint-box.js'
import type { PaintTarget } from './paint-target.js'


export function paintBackgroundLayers(target: PaintTarget, frag: BoxFrag, s: ComputedStyle): void {
  const { doc } = target
  const bl = s.borderLeft.style === 'none' ? 0 : s.borderLeft.width
  const bt = s.borderTop.style === 'none' ? 0 : s.borderTop.width
  const br = s.borderRight.style === 'none' ? 0 : s.borderRight.width
  const bb = s.borderBottom.style === 'none' ? 0 : s.borderBottom.width
  const area = { x: frag.x + bl, y: frag.y + bt, w: Math.max(0, frag.w - bl - br), h: Math.max(0, frag.h - bt - bb) }
  // The first layer is on top, so paint from the last one.
  for (const layer of [...s.backgroundLayers].reverse()) {
    doc.save()
    rectPath(doc, frag.x, frag.y, frag.w, frag.h, s.borderRadius)
    doc.clip()
    if (layer.image.kind === 'url') paintImageLayer(target, layer, layer.image.url, area, frag)
    else paintGradient(doc, layer, area)
    doc.restore()
  }
}




function paintImageLayer(target: PaintTarget, layer: BackgroundLayer, url: string, area: Area, frag: BoxFrag): void {
  const img = target.image(url) as { width: number; height: number } | null
  if (!img) return
  const placed = imageLayerTiles(layer, area, img.width, img.height, frag, (m) => target.warnings.push(`background image ${url.slice(0, 60)} ${m}`))
  if (!placed) return
  const { w, h, xs, ys } = placed
  for (const y of ys) for (const x of xs) target.doc.image(img as never, x, y, { width: w, height: h })
}



function paintGradient(doc: PDFKit.PDFDocument, layer: BackgroundLayer, area: Area): void {
  const image = layer.image
  if (image.kind === 'url' || image.stops.length === 0) return
  let grad: PDFKit.PDFLinearGradient | PDFKit.PDFRadialGradient
  let length: number
  if (image.kind === 'linear-gradient') {
    const a = (image.angleDeg * Math.PI) / 180
    const dx = Math.sin(a)
    const dy = -Math.cos(a)
    length = Math.abs(area.w * dx) + Math.abs(area.h * dy)
    const cx = area.x + area.w / 2
    const cy = area.y + area.h / 2
    grad = doc.linearGradient(cx - (dx * length) / 2, cy - (dy * length) / 2, cx + (dx * length) / 2, cy + (dy * length) / 2)
  } else {
    const cx = area.x + resolveDim(image.at[0], area.w)
    const cy = area.y + resolveDim(image.at[1], area.h)
    // farthest-corner
    length = Math.max(...[[area.x, area.y], [area.x + area.w, area.y], [area.x, area.y + area.h], [area.x + area.w, area.y + area.h]]
      .map(([x, y]) => Math.hypot(x - cx, y - cy)))
    grad = doc.radialGradient(cx, cy, 0, cx, cy, length)
  }
  const offsets = gradientStopOffsets(image.stops, length)
  image.stops.forEach((stop, i) => grad.stop(offsets[i], rgb(stop.color) as never, stop.color.a))
  doc.rect(area.x, area.y, area.w, area.h).fill(grad as never)
}
