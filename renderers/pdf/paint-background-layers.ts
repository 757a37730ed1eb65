// Background layers: url() images sized (cover, contain, lengths), positioned and repeated over the padding
// box, and linear/radial gradients — all clipped to the rounded border box. Layers paint bottom-up.
import type { BackgroundLayer, ComputedStyle, GradientStop } from '../document/styled-tree.js'
import type { BoxFrag } from './fragments.js'
import { rectPath, rgb } from './paint-box.js'
import type { PaintTarget } from './paint-target.js'

const MAX_TILES = 2000

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

type Area = { x: number; y: number; w: number; h: number }

function dim(d: { px: number; pct: number }, ref: number): number {
  return d.px + (d.pct * ref) / 100
}

function layerSize(layer: BackgroundLayer, area: Area, iw: number, ih: number): [number, number] {
  if (layer.size === 'cover' || layer.size === 'contain') {
    const k = layer.size === 'cover' ? Math.max(area.w / iw, area.h / ih) : Math.min(area.w / iw, area.h / ih)
    return [iw * k, ih * k]
  }
  const [sw, sh] = layer.size
  const w = sw === 'auto' ? null : dim(sw, area.w)
  const h = sh === 'auto' ? null : dim(sh, area.h)
  if (w !== null && h !== null) return [w, h]
  if (w !== null) return [w, (w * ih) / iw]
  if (h !== null) return [(h * iw) / ih, h]
  return [iw, ih]
}

function paintImageLayer(target: PaintTarget, layer: BackgroundLayer, url: string, area: Area, frag: BoxFrag): void {
  const img = target.image(url) as { width: number; height: number } | null
  if (!img || !img.width || !img.height) return
  const [w, h] = layerSize(layer, area, img.width * 1, img.height * 1)
  if (w <= 0 || h <= 0) return
  const x0 = area.x + dim(layer.position[0], area.w - w)
  const y0 = area.y + dim(layer.position[1], area.h - h)
  const repeatX = layer.repeat === 'repeat' || layer.repeat === 'repeat-x'
  const repeatY = layer.repeat === 'repeat' || layer.repeat === 'repeat-y'
  const xs = repeatX ? tiles(x0, w, frag.x, frag.x + frag.w) : [x0]
  const ys = repeatY ? tiles(y0, h, frag.y, frag.y + frag.h) : [y0]
  if (xs.length * ys.length > MAX_TILES) {
    target.warnings.push(`background image ${url.slice(0, 60)} would need ${xs.length * ys.length} tiles; drawn once`)
    target.doc.image(img as never, x0, y0, { width: w, height: h })
    return
  }
  for (const y of ys) for (const x of xs) target.doc.image(img as never, x, y, { width: w, height: h })
}

function tiles(start: number, size: number, from: number, to: number): number[] {
  let first = start - Math.ceil((start - from) / size) * size
  const out: number[] = []
  for (let p = first; p < to && out.length <= MAX_TILES; p += size) out.push(p)
  return out
}

function stopOffsets(stops: GradientStop[], length: number): number[] {
  const raw = stops.map((s) => (s.at ? dim(s.at, length) / (length || 1) : null))
  if (raw[0] === null) raw[0] = 0
  if (raw[raw.length - 1] === null) raw[raw.length - 1] = 1
  // Unpositioned stops are spread evenly between their positioned neighbours; positions never go back.
  for (let i = 1; i < raw.length; i++) {
    if (raw[i] !== null) { raw[i] = Math.max(raw[i]!, raw[i - 1]!); continue }
    let j = i
    while (raw[j] === null) j++
    const a = raw[i - 1]!
    const b = Math.max(raw[j]!, a)
    for (let k = i; k < j; k++) raw[k] = a + ((b - a) * (k - i + 1)) / (j - i + 1)
  }
  return raw.map((v) => Math.min(1, Math.max(0, v!)))
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
    const cx = area.x + dim(image.at[0], area.w)
    const cy = area.y + dim(image.at[1], area.h)
    // farthest-corner
    length = Math.max(...[[area.x, area.y], [area.x + area.w, area.y], [area.x, area.y + area.h], [area.x + area.w, area.y + area.h]]
      .map(([x, y]) => Math.hypot(x - cx, y - cy)))
    grad = doc.radialGradient(cx, cy, 0, cx, cy, length)
  }
  const offsets = stopOffsets(image.stops, length)
  image.stops.forEach((stop, i) => grad.stop(offsets[i], rgb(stop.color) as never, stop.color.a))
  doc.rect(area.x, area.y, area.w, area.h).fill(grad as never)
}
