// Setting the fill or stroke colour with the exact bytes pdfkit's fillColor()/strokeColor() write, but with
// each colour's operands formatted once: pdfkit divides and prints three doubles for every call, which
// showed up as a few per cent of a render (one call per text fragment, background and border).
import type { Color } from '../document/styled-tree.js'
import { PATCHES_ON } from '../patches.js'

interface PdfkitColorState {
  addContent(data: string | Uint8Array): unknown
  fillOpacity(opacity: number): unknown
  strokeOpacity(opacity: number): unknown
  _fillColor: unknown
  /** pdfkit's ExtGState per opacity pair, keyed `${fill}_${stroke}`: [dictionary ref, name]. */
  _opacityRegistry: Record<string, [unknown, string] | undefined>
  page: { ext_gstates: Record<string, unknown> }
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

/** Colour operators followed by `/GsN gs`, by colour then state name: one chunk per text fragment or fill. */
const fillsWithState = new WeakMap<Color, Map<string, Uint8Array>>()

function withState(c: Color, name: string): Uint8Array {
  let byName = fillsWithState.get(c)
  if (!byName) fillsWithState.set(c, (byName = new Map()))
  let bytes = byName.get(name)
  if (bytes === undefined) {
    bytes = Buffer.concat([operators(fills, c, 'cs', 'scn'), Buffer.from(`/${name} gs\n`, 'latin1')])
    byName.set(name, bytes)
  }
  return bytes
}

/** pdfkit's record of the fill (what its text() would restore after a page break), one per colour. */
const fillStates = new WeakMap<Color, [number[], number]>()

function fillState(color: Color, opacity: number): [number[], number] {
  let state = fillStates.get(color)
  if (!state || state[1] !== opacity) fillStates.set(color, (state = [[color.r, color.g, color.b], opacity]))
  return state
}

export function fillColor(doc: PDFKit.PDFDocument, color: Color, opacity: number): PDFKit.PDFDocument {
  if (!PATCHES_ON) return doc.fillColor(rgb(color), opacity)
  const d = doc as unknown as PdfkitColorState
  // Once pdfkit has made this opacity's ExtGState in this document, do what its fillOpacity() does (put the
  // state in the page's resources, write `/GsN gs`) with the colour in one prepared chunk: same bytes.
  const state = d._opacityRegistry[opacity >= 1 ? '1_null' : `${Math.max(0, opacity)}_null`]
  if (state) {
    d.page.ext_gstates[state[1]] = state[0]
    d.addContent(withState(color, state[1]))
  } else {
    d.addContent(operators(fills, color, 'cs', 'scn'))
    d.fillOpacity(opacity)
  }
  d._fillColor = fillState(color, opacity)
  return doc
}

export function strokeColor(doc: PDFKit.PDFDocument, color: Color, opacity: number): PDFKit.PDFDocument {
  if (!PATCHES_ON) return doc.strokeColor(rgb(color), opacity)
  const d = doc as unknown as PdfkitColorState
  d.addContent(operators(strokes, color, 'CS', 'SCN'))
  d.strokeOpacity(opacity)
  return doc
}

export function rgb(c: Color): [number, number, number] {
  return [c.r, c.g, c.b]
}
