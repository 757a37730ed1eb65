// A glyph's outline as a form XObject of its own, in font units, written once per document: text painted
// many times as outlines (tufte-css's links carry twelve opaque text-shadows) then places each glyph with a
// `cm` and `Do` instead of writing every point of every glyph again at its position. Writing the outlines
// point by point, with two decimals each, and deflating them was 44 % of tufte-css's PDF painting.
// The outline's operators (and its deflated bytes) depend on the glyph alone, so they are kept with
// fontkit's glyph object, which the font keeps for as long as the font is loaded.
import { deflateSync } from 'node:zlib'
import type { Glyph } from 'fontkit'
import { OperatorBytes } from './operator-bytes.js'

/** The parts of pdfkit's document this uses: ref() for a new object. */
interface FormDoc {
  ref(data: Record<string, unknown>): { end(chunk: Uint8Array): void }
}

export interface PathCommand { command: string; args: number[] }

/**
 * A glyph outline's commands as PDF path operators, one a line (`x y m`, `l`, `v` for quadratic curves as
 * pdfkit writes them, `c`, `h`); `point` writes each point's two numbers.
 */
export function pathOperators(out: OperatorBytes, commands: PathCommand[], point: (u: number, v: number) => void): void {
  for (const c of commands) {
    const a = c.args
    switch (c.command) {
      case 'moveTo': point(a[0], a[1]); out.ascii(' m\n'); break
      case 'lineTo': point(a[0], a[1]); out.ascii(' l\n'); break
      case 'quadraticCurveTo': point(a[0], a[1]); out.byte(32); point(a[2], a[3]); out.ascii(' v\n'); break
      case 'bezierCurveTo': point(a[0], a[1]); out.byte(32); point(a[2], a[3]); out.byte(32); point(a[4], a[5]); out.ascii(' c\n'); break
      case 'closePath': out.ascii('h\n'); break
    }
  }
}

/** A glyph's outline form as a document has it: its resource name and its object. */
export interface GlyphForm {
  name: string
  ref: unknown
  /** What the outline's points enclose, in font units (y up): [x0, y0, x1, y1]. */
  box: number[]
}

interface Outline { deflated: Uint8Array; box: number[] }

/** Deflated outlines in font units, by fontkit's glyph object (null: the glyph has no ink). */
const outlines = new WeakMap<Glyph, Outline | null>()
/** The glyph forms each document has written. */
const written = new WeakMap<object, Map<Glyph, GlyphForm | null>>()

/** The glyph's form in this document, written the first time it is asked for; null for a glyph without ink. */
export function glyphForm(doc: PDFKit.PDFDocument, glyph: Glyph): GlyphForm | null {
  let forms = written.get(doc)
  if (!forms) written.set(doc, (forms = new Map()))
  let form = forms.get(glyph)
  if (form !== undefined) return form
  const outline = outlineOf(glyph)
  if (outline) {
    const b = outline.box
    const ref = (doc as unknown as FormDoc).ref({ Type: 'XObject', Subtype: 'Form', BBox: [b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1], Filter: 'FlateDecode' })
    ref.end(outline.deflated)
    form = { name: `G${forms.size + 1}`, ref, box: b }
  } else form = null
  forms.set(glyph, form)
  return form
}

function outlineOf(glyph: Glyph): Outline | null {
  let outline = outlines.get(glyph)
  if (outline !== undefined) return outline
  outline = null
  // fontkit's Glyph has its outline (a cached getter); its type declarations leave it out.
  const commands = (glyph as unknown as { path: { commands: PathCommand[] } }).path.commands
  if (commands.some((c) => c.args.length > 0)) {
    const out = new OperatorBytes()
    const box = [Infinity, Infinity, -Infinity, -Infinity]
    const point = (u: number, v: number) => {
      out.num(u)
      out.byte(32)
      out.num(v)
      if (u < box[0]) box[0] = u
      if (u > box[2]) box[2] = u
      if (v < box[1]) box[1] = v
      if (v > box[3]) box[3] = v
    }
    // The operators paint-text-shadows.ts writes for an outline at its place.
    pathOperators(out, commands, point)
    out.ascii('f')
    outline = { deflated: deflateSync(out.view(), { level: 3 }), box }
  }
  outlines.set(glyph, outline)
  return outline
}
