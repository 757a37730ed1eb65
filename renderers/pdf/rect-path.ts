// A box's (rounded) border path in pdfkit, shared by the box painter, background layers and page clips.
import { fitRadii, type Radii } from '../layout/fit-radii.js'

const K = 0.5522847498

/** Adds a (rounded) rectangle path to the current path. */
export function rectPath(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, radii: Radii): void {
  const [tl, tr, br, bl] = fitRadii(w, h, radii)
  if (!tl && !tr && !br && !bl) { doc.rect(x, y, w, h); return }
  doc.moveTo(x + tl, y)
  doc.lineTo(x + w - tr, y)
  if (tr) doc.bezierCurveTo(x + w - tr + tr * K, y, x + w, y + tr - tr * K, x + w, y + tr)
  doc.lineTo(x + w, y + h - br)
  if (br) doc.bezierCurveTo(x + w, y + h - br + br * K, x + w - br + br * K, y + h, x + w - br, y + h)
  doc.lineTo(x + bl, y + h)
  if (bl) doc.bezierCurveTo(x + bl - bl * K, y + h, x, y + h - bl + bl * K, x, y + h - bl)
  doc.lineTo(x, y + tl)
  if (tl) doc.bezierCurveTo(x, y + tl - tl * K, x + tl - tl * K, y, x + tl, y)
  doc.closePath()
}
