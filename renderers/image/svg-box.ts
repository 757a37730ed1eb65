// One box as SVG, in the same order and geometry as the PDF painter (renderers/pdf/paint-box.ts): shadow,
// background colour and layers (images, gradients) clipped to the rounded border box, the picture of an
// <img>, then borders (one ring when all sides match, else mitred trapezoids per side).
import { croppedImageHref, type ImageSlots } from './resampled-images.js'
import type { BackgroundLayer, BorderSide, Color, ComputedStyle } from '../document/styled-tree.js'
import { backgroundBox, backgroundNatural, gradientLayerTiles, gradientLine, imageLayerTiles, type Area } from '../layout/background-geometry.js'
import { borderShade } from '../layout/border-shade.js'
import { borderImageDraws, type Sides } from '../layout/border-image-geometry.js'
import type { ImageStore } from '../resources/index.js'
import type { BoxFrag } from '../layout/fragments.js'
import type { Radii } from '../layout/fit-radii.js'
import { imageElement } from './image-element.js'
import { MAX_SHADOW_SIGMA, type PaintBounds } from './paint-bounds.js'
import { reachOf, type ShadowPiece } from './shadow-blur.js'
import { cachedShadowPieces, cornerPngBase64 } from './shadow-cache.js'
import { cutPiece, type PieceRect } from './shadow-piece-cuts.js'
import { fillAttrs, num, polygonD, rectD, rgbCss, strokeAttrs } from './svg-format.js'
import type { Warnings } from '../warnings.js'

/** Definitions (clip paths, gradients, filters) a document needs, numbered as they are added. */
export class SvgDefs {
  private count = 0
  text = ''
  add(make: (id: string) => string): string {
    const id = `d${this.count++}`
    this.text += make(id)
    return id
  }
  /** An id no definition has, for what is not a definition (the prefix of a nested SVG image's ids). */
  unique(): string {
    return `d${this.count++}`
  }
}

export interface BoxPaint {
  defs: SvgDefs
  images: ImageStore
  warnings: Warnings
  /** The transforms and clips in force: shadows that cannot reach the image are left out. */
  bounds: PaintBounds
  /** Bitmaps drawn smaller than they are, to be resampled once (resampled-images.ts). */
  slots: ImageSlots
}

/** The whole image, for the root's (or propagated body's) background layers, which paint the canvas. */
export interface CanvasArea { w: number; h: number }

const sideWidth = (b: BorderSide) => (b.style === 'none' || b.style === 'hidden' ? 0 : b.width)

function visible(side: BorderSide, drawn: boolean): boolean {
  return drawn && side.style !== 'none' && side.style !== 'hidden' && side.width > 0 && side.color.a > 0
}

/** `painted` false: only the box's shadows (the box itself does not reach the image). */
export function svgBox(frag: BoxFrag, ctx: BoxPaint, canvas?: CanvasArea, painted = true): string {
  const s = frag.style
  if (s.visibility !== 'visible') return ''
  const radii = s.borderRadius
  let out = shadows(frag, ctx)
  if (!painted) return out
  if (!frag.canvasBackground && s.backgroundColor && s.backgroundColor.a > 0) {
    const c = s.backgroundClip ? backgroundBox(frag, s.backgroundClip) : { ...frag, radii }
    out += `<path d="${rectD(c.x, c.y, c.w, c.h, c.radii)}"${fillAttrs(s.backgroundColor)}/>`
  }
  if (s.backgroundLayers.length) out += layers(frag, s, ctx, canvas)
  if (frag.image) {
    const loaded = ctx.images.get(frag.image.src)
    if (loaded) {
      const { contentX, contentY, contentW, contentH } = frag.image
      const img = imageElement(loaded, { x: contentX, y: contentY, w: contentW, h: contentH }, ctx)
      out += radii.some((r) => r > 0) ? clipped(frag, ctx, img) : img
    }
  }
  return out + (borderImage(frag, ctx) ?? borders(frag, s))
}

function clipped(frag: BoxFrag, ctx: BoxPaint, content: string, canvas?: CanvasArea): string {
  const d = canvas ? rectD(0, 0, canvas.w, canvas.h, [0, 0, 0, 0]) : rectD(frag.x, frag.y, frag.w, frag.h, frag.style.borderRadius)
  const id = ctx.defs.add((id) => `<clipPath id="${id}"><path d="${d}"/></clipPath>`)
  return `<g clip-path="url(#${id})">${content}</g>`
}

/**
 * Outer box shadows (inset ones are left out), drawn only outside the border box as CSS says and Chromium
 * does: the shape grown by the spread, blurred as pieces (shadow-blur.ts), in a group clipped to outside the
 * box. A shadow that cannot reach the image is left out, and one that reaches far past it is cut
 * (paint-bounds.ts: resvg panics on a layer far outside its canvas, as `box-shadow: 2000px 2000px 10px red`
 * was). Corners too large to blur here go to an SVG filter whose region is the shape grown by the reach.
 */
function shadows(frag: BoxFrag, ctx: BoxPaint): string {
  let out = ''
  for (const sh of [...frag.style.boxShadow].reverse()) {
    if (sh.inset || sh.color.a <= 0) continue
    const sigma = shadowSigma(sh.blur, ctx.bounds)
    const x0 = frag.x + sh.x - sh.spread, y0 = frag.y + sh.y - sh.spread
    const shape = { x0, y0, x1: x0 + frag.w + 2 * sh.spread, y1: y0 + frag.h + 2 * sh.spread }
    const w = shape.x1 - shape.x0, h = shape.y1 - shape.y0
    if (!(w > 0 && h > 0)) continue
    const reach = sigma > 0 ? reachOf(sigma * ctx.bounds.scale) / ctx.bounds.scale : 0
    if (!ctx.bounds.shows({ x0: shape.x0 - reach, y0: shape.y0 - reach, x1: shape.x1 + reach, y1: shape.y1 + reach })) continue
    const cut = ctx.bounds.fit(shape)
    const r = frag.style.borderRadius.map((v) => (v > 0 ? Math.max(0, v + sh.spread) : 0)) as Radii
    const extent = { x0: cut.x0 - reach, y0: cut.y0 - reach, x1: cut.x1 + reach, y1: cut.y1 + reach }
    // The clip group is a layer of resvg's, and so is the filter inside it when there is one.
    ctx.bounds.drawn(extent, true)
    const pieces = sigma > 0 ? cachedShadowPieces(cut, r, sigma, ctx.bounds.scale) : null
    // The box, as the clip below cuts it out: a piece wholly inside it would draw nothing (the solid middle of
    // a large shadow is most of its area, and resvg filled it on every render).
    const box = ctx.bounds.fit({ x0: frag.x, y0: frag.y, x1: frag.x + frag.w, y1: frag.y + frag.h })
    const hole = { ...box, radii: frag.style.borderRadius }
    // Outside the border box: the extent and the box, even-odd (the box's part outside the extent draws nothing).
    const outside = `${rectD(extent.x0, extent.y0, extent.x1 - extent.x0, extent.y1 - extent.y0, [0, 0, 0, 0])}${rectD(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0, frag.style.borderRadius)}`
    let clip: string | null = null
    const clipped = (content: string) => `<g clip-path="url(#${(clip ??= ctx.defs.add((id) => `<clipPath id="${id}"><path clip-rule="evenodd" d="${outside}"/></clipPath>`))})">${content}</g>`
    if (pieces) {
      // Each piece that reaches the box in a clip group of its own, and one clear of it in none: resvg draws a
      // clip group as a layer and a mask the size of its content, and one group over the whole shadow was two
      // page-sized passes (40 of html-resume-template's 60 ms in resvg, for its two shadows).
      // A piece reaching into the box is cut along the box's edges first (shadow-piece-cuts.ts).
      for (const piece of pieces) {
        const parts = cutPiece(piece, hole, ctx.bounds.scale)
        if (!parts.clear.length && !parts.clipped.length) continue
        const draw = shadowPiece(piece, sh.color, ctx)
        for (const part of parts.clear) out += draw(part)
        for (const part of parts.clipped) out += clipped(draw(part))
      }
      continue
    }
    if (sigma > 0) { ctx.bounds.group(); ctx.bounds.drawn(extent, true); ctx.bounds.restore() }
    const filter = sigma > 0
      ? ` filter="url(#${ctx.defs.add((id) => `<filter id="${id}" filterUnits="userSpaceOnUse" x="${num(extent.x0)}" y="${num(extent.y0)}" width="${num(extent.x1 - extent.x0)}" height="${num(extent.y1 - extent.y0)}"><feGaussianBlur stdDeviation="${num(sigma)}"/></filter>`)})"`
      : ''
    out += clipped(`<path d="${rectD(cut.x0, cut.y0, cut.x1 - cut.x0, cut.y1 - cut.y0, r)}"${fillAttrs(sh.color)}${filter}/>`)
  }
  return out
}

/** Draws the piece, or a part of a solid or gradient one, over a rectangle. */
function shadowPiece(p: ShadowPiece, color: Color, ctx: BoxPaint): (r: PieceRect) => string {
  const rect = (r: PieceRect) => `x="${num(r.x, 3)}" y="${num(r.y, 3)}" width="${num(r.w, 3)}" height="${num(r.h, 3)}"`
  if (p.kind === 'solid') return (r) => `<rect ${rect(r)}${fillAttrs(color)}/>`
  if (p.kind === 'gradient') {
    const [a, b] = [p.stops[0][0], p.stops[p.stops.length - 1][0]]
    const span = b - a || 1
    const line = p.axis === 'x' ? `x1="${num(a, 3)}" y1="0" x2="${num(a + span, 3)}" y2="0"` : `x1="0" y1="${num(a, 3)}" x2="0" y2="${num(a + span, 3)}"`
    const stops = p.stops.map(([at, v]) => `<stop offset="${num((at - a) / span, 4)}" stop-color="${rgbCss(color)}" stop-opacity="${num(v * color.a, 4)}"/>`).join('')
    const id = ctx.defs.add((id) => `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" ${line}>${stops}</linearGradient>`)
    return (r) => `<rect ${rect(r)} fill="url(#${id})"/>`
  }
  const png = cornerPngBase64(p, color)
  return (r) => `<image href="data:image/png;base64,${png}" ${rect(r)} preserveAspectRatio="none"/>`
}

/**
 * A shadow's standard deviation in local units: half the CSS blur radius (CSS Backgrounds §7.2), at most
 * MAX_SHADOW_SIGMA device pixels, as Chromium draws it (Skia clamps the blur mask filter's sigma).
 */
function shadowSigma(blur: number, bounds: PaintBounds): number {
  return Math.min(blur / 2, MAX_SHADOW_SIGMA / bounds.scale)
}

/**
 * The box cut to what can reach the image (paint-bounds.ts): the box itself when nothing is cut, else a copy
 * whose far edges are moved in, with each border keeping its inner edge, and without a picture that would
 * have to be stretched over more than the cut (a warning says so).
 */
export function fittedBox(frag: BoxFrag, bounds: PaintBounds, warnings: Warnings): BoxFrag {
  const box = { x0: frag.x, y0: frag.y, x1: frag.x + frag.w, y1: frag.y + frag.h }
  const cut = bounds.fit(box)
  const image = frag.image
  const imageRect = image && { x0: image.contentX, y0: image.contentY, x1: image.contentX + image.contentW, y1: image.contentY + image.contentH }
  const keepImage = !imageRect || bounds.fit(imageRect) === imageRect
  if (cut === box && keepImage) return frag
  if (!keepImage) warnings.add(`an image of ${Math.round(image!.contentW)} × ${Math.round(image!.contentH)} px reaches more than a million pixels past the image and is not drawn`)
  const s = frag.style
  const w = cut.x1 - cut.x0, h = cut.y1 - cut.y0
  const side = (b: BorderSide, width: number): BorderSide => (width === sideWidth(b) ? b : { ...b, width })
  const clampTo = (v: number, max: number) => Math.max(0, Math.min(v, max))
  const style: ComputedStyle = {
    ...s,
    borderLeft: side(s.borderLeft, clampTo(frag.x + sideWidth(s.borderLeft) - cut.x0, w)),
    borderTop: side(s.borderTop, clampTo(frag.y + sideWidth(s.borderTop) - cut.y0, h)),
    borderRight: side(s.borderRight, clampTo(cut.x1 - (box.x1 - sideWidth(s.borderRight)), w)),
    borderBottom: side(s.borderBottom, clampTo(cut.y1 - (box.y1 - sideWidth(s.borderBottom)), h)),
  }
  return { ...frag, x: cut.x0, y: cut.y0, w, h, style, image: keepImage ? image : undefined }
}

// ---- background layers (as renderers/pdf/paint-background-layers.ts) ----

function layers(frag: BoxFrag, s: ComputedStyle, ctx: BoxPaint, canvas?: CanvasArea): string {
  const bl = sideWidth(s.borderLeft), bt = sideWidth(s.borderTop), br = sideWidth(s.borderRight), bb = sideWidth(s.borderBottom)
  const padding = { x: frag.x + bl, y: frag.y + bt, w: Math.max(0, frag.w - bl - br), h: Math.max(0, frag.h - bt - bb) }
  const drawn = new Extent()
  let content = ''
  for (const layer of [...s.backgroundLayers].reverse()) {
    const area = layer.origin ? backgroundBox(frag, layer.origin) : padding
    if (layer.clip && !canvas) {
      // Clipped to the padding or content box: a group of its own (the others share the border box's below).
      const clip = backgroundBox(frag, layer.clip)
      const own = new Extent()
      const drawnLayer = layer.image.kind === 'url' ? imageLayer(layer, layer.image.url, area, clip, s.zoom, ctx, own) : gradient(layer, area, ctx, own, undefined, clip)
      if (!drawnLayer) continue
      const id = ctx.defs.add((id) => `<clipPath id="${id}"><path d="${rectD(clip.x, clip.y, clip.w, clip.h, clip.radii)}"/></clipPath>`)
      drawn.add(clip.x, clip.y, clip.w, clip.h)
      content += `<g clip-path="url(#${id})">${drawnLayer}</g>`
      continue
    }
    content += layer.image.kind === 'url' ? imageLayer(layer, layer.image.url, area, canvas ?? frag, s.zoom, ctx, drawn) : gradient(layer, area, ctx, drawn, canvas)
  }
  if (!content) return ''
  // Tiles may start before the box and end after it.
  if (ctx.bounds.inLayer) ctx.bounds.drawn(drawn.rect(), true)
  // resvg draws a clipped group on a canvas of its own and a mask of the clip on another, then composites
  // them: two extra full-size passes (15 of a social card's 27 ms of resvg). The canvas's clip is the image's
  // own edge, and a square-cornered box's clip around layers that stay inside it cuts nothing: both are left out.
  const unclipped = canvas !== undefined || (!s.borderRadius.some((r) => r > 0) && drawn.within(frag))
  return unclipped ? content : clipped(frag, ctx, content, canvas)
}

/** The bounds of what a box's layers draw (the union of their rectangles). */
class Extent {
  private x0 = Infinity
  private y0 = Infinity
  private x1 = -Infinity
  private y1 = -Infinity
  add(x: number, y: number, w: number, h: number): void {
    this.x0 = Math.min(this.x0, x)
    this.y0 = Math.min(this.y0, y)
    this.x1 = Math.max(this.x1, x + w)
    this.y1 = Math.max(this.y1, y + h)
  }
  rect(): { x0: number; y0: number; x1: number; y1: number } {
    return { x0: this.x0, y0: this.y0, x1: this.x1, y1: this.y1 }
  }
  within(a: Area): boolean {
    const eps = 1e-3
    return this.x0 >= a.x - eps && this.y0 >= a.y - eps && this.x1 <= a.x + a.w + eps && this.y1 <= a.y + a.h + eps
  }
}

/** `paint` is where tiles are needed: the border box, or the whole canvas; `zoom` scales the image's natural size. */
function imageLayer(layer: BackgroundLayer, url: string, area: Area, paint: { x?: number; y?: number; w: number; h: number }, zoom: number, ctx: BoxPaint, drawn: Extent): string {
  const px = paint.x ?? 0
  const py = paint.y ?? 0
  const loaded = ctx.images.get(url)
  if (!loaded) return ''
  const placed = imageLayerTiles(layer, area, backgroundNatural(loaded, zoom), { x: px, y: py, w: paint.w, h: paint.h }, (m) => ctx.warnings.add(`background image ${url.slice(0, 60)} ${m}`))
  if (!placed) return ''
  const { w, h, xs, ys } = placed
  drawn.add(Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs) + w, Math.max(...ys) - Math.min(...ys) + h)
  if (xs.length * ys.length === 1) return imageElement(loaded, { x: xs[0], y: ys[0], w, h }, ctx)
  // The tiles as one pattern over their extent, as Chromium's image shader draws them: tile by tile, each
  // edge at a fractional position was antialiased on its own and the seams showed (WPT CSS2 background-106).
  // The step is the tile's size, or with `space` the tile and its gap.
  const stepX = xs.length > 1 ? xs[1] - xs[0] : w
  const stepY = ys.length > 1 ? ys[1] - ys[0] : h
  const x0 = Math.min(...xs), y0 = Math.min(...ys)
  const id = ctx.defs.add((id) => `<pattern id="${id}" patternUnits="userSpaceOnUse" x="${num(x0)}" y="${num(y0)}" width="${num(stepX)}" height="${num(stepY)}">${imageElement(loaded, { x: 0, y: 0, w, h }, ctx)}</pattern>`)
  return `<rect x="${num(x0)}" y="${num(y0)}" width="${num(Math.max(...xs) - x0 + w)}" height="${num(Math.max(...ys) - y0 + h)}" fill="url(#${id})"/>`
}

function gradient(layer: BackgroundLayer, area: Area, ctx: BoxPaint, drawn: Extent, canvas?: CanvasArea, clip?: Area): string {
  // A gradient sized with background-size (link underlines, highlighter marks) is drawn in its tiles only.
  const paint = canvas ? { x: 0, y: 0, w: canvas.w, h: canvas.h } : clip ?? area
  const tiles = gradientLayerTiles(layer, area, paint, (m) => ctx.warnings.add(`background gradient ${m}`))
  if (tiles) {
    for (const r of tiles.rects) drawn.add(r.x, r.y, r.w, r.h)
    const image = layer.image
    if (tiles.solid && image.kind !== 'url' && image.stops.length) {
      const c = image.stops[0].color
      const fill = `fill="${rgbCss(c)}"${c.a < 1 ? ` fill-opacity="${num(c.a, 3)}"` : ''}`
      return tiles.rects.map((r) => `<rect x="${num(r.x)}" y="${num(r.y)}" width="${num(r.w)}" height="${num(r.h)}" ${fill}/>`).join('')
    }
    return tiles.rects.map((r) => gradientFill(layer, r, r, ctx)).join('')
  }
  const fill = canvas ? { x: 0, y: 0, w: canvas.w, h: canvas.h } : clip ?? area
  drawn.add(fill.x, fill.y, fill.w, fill.h)
  return gradientFill(layer, area, fill, ctx)
}

function gradientFill(layer: BackgroundLayer, area: Area, fill: Area, ctx: BoxPaint): string {
  const image = layer.image
  if (image.kind === 'url' || image.stops.length === 0 || area.w <= 0 || area.h <= 0) return ''
  const line = gradientLine(image, area)
  const open = line.kind === 'linear'
    ? `<linearGradient gradientUnits="userSpaceOnUse" x1="${num(line.x1)}" y1="${num(line.y1)}" x2="${num(line.x2)}" y2="${num(line.y2)}"`
    : `<radialGradient gradientUnits="userSpaceOnUse" cx="${num(line.cx)}" cy="${num(line.cy)}" r="${num(line.r)}"`
  const close = line.kind === 'linear' ? '</linearGradient>' : '</radialGradient>'
  const { offsets } = line
  const stops = image.stops.map((stop, i) =>
    `<stop offset="${num(offsets[i], 4)}" stop-color="${rgbCss(stop.color)}"${stop.color.a < 1 ? ` stop-opacity="${num(stop.color.a, 3)}"` : ''}/>`).join('')
  const id = ctx.defs.add((id) => `${open} id="${id}">${stops}${close}`)
  return `<rect x="${num(fill.x)}" y="${num(fill.y)}" width="${num(fill.w)}" height="${num(fill.h)}" fill="url(#${id})"/>`
}

// ---- border images (as renderers/pdf/paint-border-image.ts) ----

/** A border image drawn instead of the borders; null when the box has none, or its image did not load. */
function borderImage(frag: BoxFrag, ctx: BoxPaint): string | null {
  const s = frag.style
  const source = s.borderImage?.source
  if (!source) return null
  const borders: Sides = [sideWidth(s.borderTop), sideWidth(s.borderRight), sideWidth(s.borderBottom), sideWidth(s.borderLeft)]
  const loaded = source.kind === 'url' ? ctx.images.get(source.url) : null
  if (source.kind === 'url' && !loaded) return null
  const plan = borderImageDraws(s.borderImage!, frag, borders, loaded ? backgroundNatural(loaded, s.zoom) : null)
  const draws = plan.draws
  const extent = new Extent()
  let out = ''
  for (const d of draws) {
    extent.add(d.clip.x, d.clip.y, d.clip.w, d.clip.h)
    if (!loaded) {
      // A gradient is drawn over the tile only, laid out over the whole image's rectangle.
      out += gradientFill({ image: source, size: ['auto', 'auto'], position: [{ px: 0, pct: 0 }, { px: 0, pct: 0 }], repeat: ['no-repeat', 'no-repeat'] }, d.image, d.clip, ctx)
      continue
    }
    const whole = d.clip.w === d.tile.w && d.clip.h === d.tile.h
    if (!loaded.svg && !loaded.natural) {
      // A bitmap: its slice alone, stretched to the tile (cut only where a repeated tile passes its region's end).
      const crop = { x: d.src.x / plan.w, y: d.src.y / plan.h, w: d.src.w / plan.w, h: d.src.h / plan.h }
      const href = croppedImageHref(loaded, crop, d.tile.w, d.tile.h, ctx.bounds.deviceScale(), ctx.slots)
      const img = `<image href="${href}" x="${num(d.tile.x)}" y="${num(d.tile.y)}" width="${num(d.tile.w)}" height="${num(d.tile.h)}" preserveAspectRatio="none"/>`
      out += whole ? img : `<g clip-path="url(#${clipRect(d.clip, ctx)})">${img}</g>`
      continue
    }
    const id = clipRect(d.clip, ctx)
    // An SVG is drawn at its concrete size and stretched from there, so each part stretches (not fitted in its ratio).
    const kx = d.image.w / plan.w, ky = d.image.h / plan.h
    const img = imageElement(loaded, { x: 0, y: 0, w: plan.w, h: plan.h }, ctx)
    out += `<g clip-path="url(#${id})"><g transform="matrix(${num(kx, 6)} 0 0 ${num(ky, 6)} ${num(d.image.x)} ${num(d.image.y)})">${img}</g></g>`
  }
  if (draws.length && ctx.bounds.inLayer) ctx.bounds.drawn(extent.rect(), true)
  return out
}

function clipRect(r: Area, ctx: BoxPaint): string {
  return ctx.defs.add((id) => `<clipPath id="${id}"><rect x="${num(r.x)}" y="${num(r.y)}" width="${num(r.w)}" height="${num(r.h)}"/></clipPath>`)
}

// ---- borders (as renderers/pdf/paint-box.ts) ----

function sameColor(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a
}

function dashArray(side: BorderSide): string {
  const w = side.width
  if (side.style === 'dashed') return ` stroke-dasharray="${num(w < 3 ? 3 * w : 2 * w)}"`
  if (side.style === 'dotted') return ` stroke-dasharray="${num(w)}"`
  return ''
}

function borders(frag: BoxFrag, s: ComputedStyle): string {
  const sides = frag.sides
  const top = visible(s.borderTop, sides.top) ? s.borderTop : null
  const right = visible(s.borderRight, sides.right) ? s.borderRight : null
  const bottom = visible(s.borderBottom, sides.bottom) ? s.borderBottom : null
  const left = visible(s.borderLeft, sides.left) ? s.borderLeft : null
  if (!top && !right && !bottom && !left) return ''
  const { x, y, w, h } = frag
  const bt = top?.width ?? 0, br = right?.width ?? 0, bb = bottom?.width ?? 0, bl = left?.width ?? 0
  const radii = s.borderRadius
  const rounded = radii.some((r) => r > 0)
  const uniform = [top, right, bottom, left].every((b) => b && b.style === top!.style && b.width === top!.width && sameColor(b.color, top!.color))
  if (uniform && (top!.style === 'solid' || rounded) && top!.style !== 'dashed' && top!.style !== 'dotted') {
    const inner = radii.map((r) => Math.max(0, r - bt)) as Radii
    const d = rectD(x, y, w, h, radii) + rectD(x + bl, y + bt, Math.max(0, w - bl - br), Math.max(0, h - bt - bb), inner)
    return `<path d="${d}" fill-rule="evenodd"${fillAttrs(top!.color)}/>`
  }
  if (uniform && rounded) {
    const d = rectD(x + bt / 2, y + bt / 2, w - bt, h - bt, radii.map((r) => Math.max(0, r - bt / 2)) as Radii)
    return `<path d="${d}"${strokeAttrs(top!.color, bt)}${dashArray(top!)}/>`
  }
  const quads: [BorderSide | null, number[][], 'top' | 'right' | 'bottom' | 'left'][] = [
    [top, [[x, y], [x + w, y], [x + w - br, y + bt], [x + bl, y + bt]], 'top'],
    [right, [[x + w, y], [x + w, y + h], [x + w - br, y + h - bb], [x + w - br, y + bt]], 'right'],
    [bottom, [[x + w, y + h], [x, y + h], [x + bl, y + h - bb], [x + w - br, y + h - bb]], 'bottom'],
    [left, [[x, y + h], [x, y], [x + bl, y + bt], [x + bl, y + h - bb]], 'left'],
  ]
  let out = ''
  for (const [side, pts, name] of quads) {
    if (!side) continue
    if (side.style === 'dashed' || side.style === 'dotted') {
      const half = side.width / 2
      const [x1, y1, x2, y2] = name === 'top' ? [x, y + half, x + w, y + half]
        : name === 'bottom' ? [x, y + h - half, x + w, y + h - half]
        : name === 'left' ? [x + half, y, x + half, y + h]
        : [x + w - half, y, x + w - half, y + h]
      out += `<path d="M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}"${strokeAttrs(side.color, side.width)}${dashArray(side)}/>`
      continue
    }
    if (side.style === 'double' && side.width >= 3) {
      const lerp = (a: number[], b: number[], t: number) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
      const [o1, o2, i2, i1] = pts
      const d = polygonD([o1, o2, lerp(o2, i2, 1 / 3), lerp(o1, i1, 1 / 3)]) + polygonD([lerp(o1, i1, 2 / 3), lerp(o2, i2, 2 / 3), i2, i1])
      out += `<path d="${d}"${fillAttrs(side.color)}/>`
      continue
    }
    out += `<path d="${polygonD(pts)}"${fillAttrs(borderShade(side, name))}/>`
  }
  return out
}
