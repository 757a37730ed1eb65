// A symbol list marker (disc, circle, square, disclosure triangle) as a filled or stroked shape, as Chromium
// paints it: a shape, not a glyph, so the PDF's text layer has no bullet.
import type { SymbolFrag } from '../layout/fragments.js'
import { disclosureTriangle } from '../layout/list-marker-frag.js'
import { fillColor, strokeColor } from './color-operator.js'

export function paintSymbol(doc: PDFKit.PDFDocument, s: SymbolFrag): void {
  doc.save()
  const rx = s.w / 2
  const ry = s.h / 2
  switch (s.shape) {
    case 'disc':
      fillColor(doc.ellipse(s.x + rx, s.y + ry, rx, ry), s.color, s.color.a).fill()
      break
    case 'circle':
      strokeColor(doc.ellipse(s.x + rx, s.y + ry, rx, ry).lineWidth(1), s.color, s.color.a).stroke()
      break
    case 'square':
      fillColor(doc.rect(s.x, s.y, s.w, s.h), s.color, s.color.a).fill()
      break
    default:
      fillColor(doc.polygon(...disclosureTriangle(s)), s.color, s.color.a).fill()
  }
  doc.restore()
}
