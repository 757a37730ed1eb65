// Background layers: url() images sized (cover, contain, lengths), positioned and repeated over the padding
// box, and linear/radial gradients — all clipped to the rounded border box. Layers paint bottom-up.
import type { BackgroundLayer, ComputedStyle } from '../document/styled-tree.js'
import { backgroundBox, backgroundNatural, gradientLayerTiles, gradientLine, imageLayerTiles, type Area } from '../layout/background-geometry.js'
import type { BoxFrag } from '../layout/fragments.js'
import { fillColor, rgb } from './color-operator.js'
import { rectPath } from './rect-path.js'
import type { PaintTarget } from './paint-target.js'

export function paintBackgroundLayers(target: PaintTarget, frag: BoxFrag, s: ComputedStyle): void {
  const { doc } = target
  // The first layer is on top, so paint from the last one.
  for (const layer of [...s.backgroundLayers].reverse()) {
    const area = backgroundBox(frag, layer.origin ?? 'padding-box')
    const clip = backgroundBox(frag, layer.clip ?? 'border-box')
    doc.save()
    rectPath(doc, clip.x, clip.y, clip.w, clip.h, clip.radii)
    doc.clip()
    if (layer.image.kind === 'url') paintImageLayer(target, layer, layer.image.url, area, clip, s.zoom)
    else paintGradientLayer(target, layer, area, clip)
    doc.restore()
  }
}

/** `zoom`: the effective zoom of the box whose background this is, which scales the image's natural size. */
function paintImageLayer(target: PaintTarget, layer: BackgroundLayer, url: string, area: Area, frag: Area, zoom: number): void {
  const img = target.image(url) as { width: number; height: number } | null
  if (!img) return
  const natural = target.natural(url)
  const placed = imageLayerTiles(layer, area, backgroundNatural({ width: img.width, height: img.height, ...(natural ? { natural } : {}) }, zoom), frag, (m) => target.warnings.add(`background image ${url.slice(0, 60)} ${m}`))
  if (!placed) return
  const { w, h, xs, ys } = placed
  for (const y of ys) for (const x of xs) target.doc.image(img as never, x, y, { width: w, height: h })
}

/** A gradient sized with background-size (link underlines, highlighter marks) is drawn in its tiles only. */
function paintGradientLayer(target: PaintTarget, layer: BackgroundLayer, area: Area, frag: Area): void {
  const tiles = gradientLayerTiles(layer, area, frag, (m) => target.warnings.add(`background gradient ${m}`))
  if (!tiles) { paintGradient(target.doc, layer, area); return }
  const image = layer.image
  if (tiles.solid && image.kind !== 'url' && image.stops.length) {
    const color = image.stops[0].color
    target.doc.save()
    for (const r of tiles.rects) target.doc.rect(r.x, r.y, r.w, r.h)
    fillColor(target.doc, color, color.a).fill()
    target.doc.restore()
    return
  }
  for (const r of tiles.rects) paintGradient(target.doc, layer, r)
}

export function paintGradient(doc: PDFKit.PDFDocument, layer: BackgroundLayer, area: Area): void {
  const image = layer.image
  if (image.kind === 'url' || image.stops.length === 0) return
  const line = gradientLine(image, area)
  const grad = line.kind === 'linear'
    ? doc.linearGradient(line.x1, line.y1, line.x2, line.y2)
    : doc.radialGradient(line.cx, line.cy, 0, line.cx, line.cy, line.r)
  const { offsets } = line
  image.stops.forEach((stop, i) => grad.stop(offsets[i], rgb(stop.color) as never, stop.color.a))
  doc.rect(area.x, area.y, area.w, area.h).fill(grad as never)
}
