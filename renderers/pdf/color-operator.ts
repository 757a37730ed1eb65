// Setting the fill or stroke colour with the exact bytes pdfkit's fillColor()/strokeColor() write, but with
// each colour's operands formatted once: pdfkit divides and prints three doubles for every call, which
// showed up as a few per cent of a render (one call per text fragment, background and border).
import type { Color } from '../document/styled-tree.js'

interface PdfkitColorState {
  addContent(data: string | Uint8Array): unknown
  fillOpacity(opacity: number): unknown
  strokeOpacity(opacity: number): unknown
  _fillColor: unknown
}

const fills = new WeakMap<Color, Uint8Array>()
const strokes = new WeakMap<Color, Uint8Array>()

/**
 * The colour-space and colour operators as bytes, newline included: pdfkit appends '\n' to a string chunk
 * and converts it to bytes one character at a time, but writes a byte chunk as it is.
 */
function operators(cache: WeakMap<Color, Uint8Array>, c: Color, space: string, op: string): Uint8Array {
  let bytes = cache.get(c)
  if (bytes === undefined) {
    // The same expression as pdfkit's `color.map((part) => part / 255).join(' ')`.
    bytes = Buffer.from(`/DeviceRGB ${space}\n${[c.r / 255, c.g / 255, c.b / 255].join(' ')} ${op}\n`, 'latin1')
    cache.set(c, bytes)
  }
  return bytes
}

export function fillColor(doc: PDFKit.PDFDocument, color: Color, opacity: number): PDFKit.PDFDocument {
  const d = doc as unknown as PdfkitColorState
  d.addContent(operators(fills, color, 'cs', 'scn'))
  d.fillOpacity(opacity)
  d._fillColor = [[color.r, color.g, color.b], opacity]
  return doc
}

export function strokeColor(doc: PDFKit.PDFDocument, color: Color, opacity: number): PDFKit.PDFDocument {
  const d = doc as unknown as PdfkitColorState
  d.addContent(operators(strokes, color, 'CS', 'SCN'))
  d.strokeOpacity(opacity)
  return doc
}
