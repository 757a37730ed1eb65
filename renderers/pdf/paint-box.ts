// Painting one box: background colour and layers (images, gradients) clipped to the rounded border box,
// borders side by side (solid sides as mitred trapezoids, so corners between colours match browsers),
// and the picture of a replaced <img>. Coordinates are CSS px; the page painter set up the transform.
import { paintSvg } from './paint-svg.js'
import { borderShade } from '../layout/border-shade.js'
import { backgroundBox } from '../layout/background-geometry.js'
import { fillColor, strokeColor } from './color-operator.js'
import type { BorderSide, Color, ComputedStyle } from '../document/styled-tree.js'
import type { BoxFrag } from '../layout/fragments.js'
import { paintBackgroundLayers } from './paint-background-layers.js'
import { paintBorderImage } from './paint-border-image.js'
import type { PaintTarget } from './paint-target.js'
import type { Radii } from '../layout/fit-radii.js'
import { rectPath } from './rect-path.js'
import type { DocumentMarks } from './tagging/document-marks.js'
import { offPage } from './off-page.js'

function visible(side: BorderSide, drawn: boolean): boolean {
  return drawn && side.style !== 'none' && side.style !== 'hidden' && side.width > 0 && side.color.a > 0
}

export function paintBox(target: PaintTarget, frag: BoxFrag): void {
  const { doc } = target
  const s = frag.style
  if (s.visibility !== 'visible') return
  const radii = s.borderRadius
  const marks = target.marks
  if (target.printBackground && !frag.canvasBackground) {
    if (s.boxShadow.length) { marks?.artifact(); paintBoxShadows(doc, frag, s) }
    if (s.backgroundColor && s.backgroundColor.a > 0) {
      marks?.artifact()
      doc.save()
      const clip = backgroundBox(frag, s.backgroundClip ?? 'border-box')
      rectPath(doc, clip.x, clip.y, clip.w, clip.h, clip.radii)
      fillColor(doc, s.backgroundColor, s.backgroundColor.a).fill()
      doc.restore()
    }
    if (s.backgroundLayers.length) { marks?.artifact(); paintBackgroundLayers(target, frag, s) }
  }
  if (frag.image && !offPage(doc, frag.image.contentX, frag.image.contentY, frag.image.contentW, frag.image.contentH)) {
    marks?.content(frag.el)
    const svg = target.svg(frag.image.src)
    const img = svg === null ? target.image(frag.image.src) : null
    if (svg !== null) {
      doc.save()
      // Like any replaced element, what lies outside the content box is clipped (svg:not(:root) overflow).
      doc.rect(frag.image.contentX, frag.image.contentY, frag.image.contentW, frag.image.contentH).clip()
      if (radii.some((r) => r > 0)) { rectPath(doc, frag.x, frag.y, frag.w, frag.h, radii); doc.clip() }
      paintSvg(target, svg, frag.image.contentX, frag.image.contentY, frag.image.contentW, frag.image.contentH)
      doc.restore()
    } else if (img) {
      doc.save()
      if (radii.some((r) => r > 0)) { rectPath(doc, frag.x, frag.y, frag.w, frag.h, radii); doc.clip() }
      doc.image(img as never, frag.image.contentX, frag.image.contentY, { width: frag.image.contentW, height: frag.image.contentH })
      doc.restore()
    }
  }
  if (s.borderImage?.source) marks?.artifact()
  if (!paintBorderImage(target, frag)) paintBorders(doc, frag, s, marks)
}

/**
 * Outer box shadows, painted only outside the border box as browsers do. The blur is approximated by three
 * growing layers of a third of the colour each; inset shadows are not drawn.
 */
function paintBoxShadows(doc: PDFKit.PDFDocument, frag: BoxFrag, s: ComputedStyle): void {
  const radii = s.borderRadius
  for (let i = s.boxShadow.length - 1; i >= 0; i--) {
    const sh = s.boxShadow[i]
    if (sh.inset || sh.color.a <= 0) continue
    const layers = sh.blur > 0 ? 3 : 1
    const reach = sh.spread + sh.blur / 2
    doc.save()
    // Even-odd clip: everything except the box itself.
    doc.rect(frag.x + sh.x - reach - 2, frag.y + sh.y - reach - 2, frag.w + 2 * reach + 4, frag.h + 2 * reach + 4)
    rectPath(doc, frag.x, frag.y, frag.w, frag.h, radii)
    doc.clip('even-odd')
    for (let k = 0; k < layers; k++) {
      const grow = layers === 1 ? sh.spread : sh.spread - sh.blur / 2 + (sh.blur * (k + 1)) / layers
      const r = radii.map((v) => (v > 0 ? Math.max(0, v + grow) : 0)) as Radii
      rectPath(doc, frag.x + sh.x - grow, frag.y + sh.y - grow, frag.w + 2 * grow, frag.h + 2 * grow, r)
      fillColor(doc, sh.color, sh.color.a / layers).fill()
    }
    doc.restore()
  }
}

function paintBorders(doc: PDFKit.PDFDocument, frag: BoxFrag, s: ComputedStyle, marks: DocumentMarks | undefined): void {
  const sides = frag.sides
  const top = visible(s.borderTop, sides.top) ? s.borderTop : null
  const right = visible(s.borderRight, sides.right) ? s.borderRight : null
  const bottom = visible(s.borderBottom, sides.bottom) ? s.borderBottom : null
  const left = visible(s.borderLeft, sides.left) ? s.borderLeft : null
  if (!top && !right && !bottom && !left) return
  marks?.artifact()
  const { x, y, w, h } = frag
  const bt = top?.width ?? 0, br = right?.width ?? 0, bb = bottom?.width ?? 0, bl = left?.width ?? 0
  const radii = s.borderRadius
  const rounded = radii.some((r) => r > 0)
  const all = [top, right, bottom, left]
  const uniform = all.every((b) => b && b.style === top!.style && b.width === top!.width && sameColor(b.color, top!.color))
  if (uniform && (top!.style === 'solid' || rounded) && top!.style !== 'dashed' && top!.style !== 'dotted') {
    // One ring: outer path minus inner path.
    const inner: Radii = [Math.max(0, radii[0] - bt), Math.max(0, radii[1] - bt), Math.max(0, radii[2] - bt), Math.max(0, radii[3] - bt)]
    doc.save()
    rectPath(doc, x, y, w, h, radii)
    rectPath(doc, x + bl, y + bt, Math.max(0, w - bl - br), Math.max(0, h - bt - bb), inner)
    fillColor(doc, top!.color, top!.color.a).fill('even-odd')
    doc.restore()
    return
  }
  if (uniform && rounded) {
    doc.save()
    dash(doc, top!)
    rectPath(doc, x + bt / 2, y + bt / 2, w - bt, h - bt, radii.map((r) => Math.max(0, r - bt / 2)) as Radii)
    strokeColor(doc.lineWidth(bt), top!.color, top!.color.a).stroke()
    doc.restore()
    return
  }
  const quads: [BorderSide | null, number[][], 'top' | 'right' | 'bottom' | 'left'][] = [
    [top, [[x, y], [x + w, y], [x + w - br, y + bt], [x + bl, y + bt]], 'top'],
    [right, [[x + w, y], [x + w, y + h], [x + w - br, y + h - bb], [x + w - br, y + bt]], 'right'],
    [bottom, [[x + w, y + h], [x, y + h], [x + bl, y + h - bb], [x + w - br, y + h - bb]], 'bottom'],
    [left, [[x, y + h], [x, y], [x + bl, y + bt], [x + bl, y + h - bb]], 'left'],
  ]
  for (const [side, pts, name] of quads) {
    if (!side) continue
    if (side.style === 'dashed' || side.style === 'dotted') { strokeSide(doc, frag, side, name); continue }
    if (side.style === 'double' && side.width >= 3) { doubleSide(doc, pts, side); continue }
    doc.save()
    doc.polygon(...(pts as [number, number][]))
    const color = borderShade(side, name)
    fillColor(doc, color, color.a).fill()
    doc.restore()
  }
}


function dash(doc: PDFKit.PDFDocument, side: BorderSide): void {
  const w = side.width
  if (side.style === 'dashed') doc.dash(w < 3 ? 3 * w : 2 * w, { space: w < 3 ? 3 * w : 2 * w })
  else if (side.style === 'dotted') doc.dash(w, { space: w })
}

function strokeSide(doc: PDFKit.PDFDocument, frag: BoxFrag, side: BorderSide, name: string): void {
  const { x, y, w, h } = frag
  const half = side.width / 2
  doc.save()
  dash(doc, side)
  doc.lineWidth(side.width)
  if (name === 'top') doc.moveTo(x, y + half).lineTo(x + w, y + half)
  else if (name === 'bottom') doc.moveTo(x, y + h - half).lineTo(x + w, y + h - half)
  else if (name === 'left') doc.moveTo(x + half, y).lineTo(x + half, y + h)
  else doc.moveTo(x + w - half, y).lineTo(x + w - half, y + h)
  strokeColor(doc, side.color, side.color.a).stroke()
  doc.restore()
}

function doubleSide(doc: PDFKit.PDFDocument, pts: number[][], side: BorderSide): void {
  // Outer and inner thirds of the trapezoid.
  const lerp = (a: number[], b: number[], t: number) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
  const [o1, o2, i2, i1] = pts
  const third = 1 / 3
  doc.save()
  doc.polygon([o1[0], o1[1]], [o2[0], o2[1]], lerp(o2, i2, third) as [number, number], lerp(o1, i1, third) as [number, number])
  doc.polygon(lerp(o1, i1, 2 * third) as [number, number], lerp(o2, i2, 2 * third) as [number, number], [i2[0], i2[1]], [i1[0], i1[1]])
  fillColor(doc, side.color, side.color.a).fill()
  doc.restore()
}

function sameColor(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a
}
