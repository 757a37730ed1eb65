// text-shadow in the PDF: the glyph outlines, offset and in the shadow's colour, last layer first. Outlines
// rather than text, so that the text layer (search, copy) holds the words once. A blur is not drawn; a blurred
// shadow is drawn at half its alpha, closer to how light a blurred one looks than a sharp copy.
// The outline is written as bytes (operator-bytes.ts), the operators pdfkit's SVG path parser wrote for it
// with coordinates to two decimals: built as strings (a toFixed, a Number and a template literal per point,
// then a join) they were a third of tufte-css's PDF CPU, whose links carry twelve shadows each.
// Several opaque shadows place each glyph's outline, written once per document as a form (glyph-forms.ts).
import type { Glyph } from 'fontkit'
import { fillColor } from './color-operator.js'
import { glyphForm, pathOperators, type PathCommand } from './glyph-forms.js'
import { OperatorBytes } from './operator-bytes.js'
import { outlineForm } from './outline-form.js'
import type { TextFrag } from '../layout/fragments.js'
import type { FontStore } from '../fonts/font-store.js'

export function paintTextShadows(doc: PDFKit.PDFDocument, fonts: FontStore, frag: TextFrag): void {
  const scale = frag.size / (fonts.pdfkitFont(frag.face) as { unitsPerEm: number }).unitsPerEm
  const bounds = [Infinity, Infinity, -Infinity, -Infinity]
  const out = outline
  out.reset()
  const shadows = frag.shadows!
  const visible = shadows.filter((s) => s.color.a > 0)
  // Each glyph's form fills on its own, so where two glyphs overlap a translucent colour would be laid twice:
  // only opaque sharp shadows (a blurred one is drawn at half its alpha) place the glyphs' forms.
  const placed = visible.length > 1 && visible.every((s) => s.color.a >= 1 && !(s.blur > 0))
  const resources: Record<string, unknown> | null = placed ? {} : null
  eachGlyph(fonts, frag, scale, (glyph, x, y) => {
    if (resources) placeGlyph(doc, out, glyph, x, y, scale, bounds, resources)
    else glyphOutline(out, glyph, x, y, scale, bounds)
  })
  if (!out.length) return
  // Painted more than once: written once, as a form each shadow paints. Each operator ends with a line end,
  // as pdfkit ends each write.
  let form: string | null = null
  if (resources) form = outlineForm(doc, out.view(), bounds, { XObject: resources })
  else if (visible.length > 1) {
    out.ascii('f')
    form = outlineForm(doc, out.view(), bounds)
  }
  const path = form ? null : out.copy()
  for (let i = shadows.length - 1; i >= 0; i--) {
    const s = shadows[i]
    if (s.color.a <= 0) continue
    doc.save()
    doc.translate(s.x, s.y)
    if (form) fillColor(doc, s.color, s.color.a * (s.blur > 0 ? 0.5 : 1)).addContent(`/${form} Do`)
    else fillColor(doc.addContent(path as never), s.color, s.color.a * (s.blur > 0 ? 0.5 : 1)).fill()
    doc.restore()
  }
}

/** Each glyph of the fragment with its origin on the page. */
function eachGlyph(fonts: FontStore, frag: TextFrag, scale: number, visit: (glyph: Glyph, x: number, y: number) => void): void {
  let x = frag.x
  const text = frag.text
  // Pieces split after spaces, as the glyphs are painted (paint-text.ts): word space goes after each space.
  for (let start = 0; start < text.length;) {
    let end = frag.spaceExtra ? text.indexOf(' ', start) + 1 : text.length
    if (end === 0) end = text.length
    const piece = start === 0 && end === text.length ? text : text.slice(start, end)
    start = end
    const { glyphs, positions } = fonts.glyphRun(frag.face, piece)
    const widened = frag.spaceExtra && piece.charCodeAt(piece.length - 1) === 32
    for (let i = 0; i < glyphs.length; i++) {
      const p = positions[i]
      visit(glyphs[i], x + p.xOffset * scale, frag.baseline - p.yOffset * scale)
      x += p.xAdvance * scale + frag.letterSpacing + (widened && i === glyphs.length - 1 ? frag.spaceExtra : 0)
    }
  }
}

/**
 * `q s 0 0 -s x y cm /Gn Do Q`: the glyph's outline form (font units are y-up) at its origin; the form goes
 * into `resources` and `bounds` grows to enclose its outline.
 */
function placeGlyph(doc: PDFKit.PDFDocument, out: OperatorBytes, glyph: Glyph, x: number, y: number, scale: number, bounds: number[], resources: Record<string, unknown>): void {
  const form = glyphForm(doc, glyph)
  if (!form) return
  resources[form.name] = form.ref
  out.ascii('q ')
  out.num(scale)
  out.ascii(' 0 0 ')
  out.num(-scale)
  out.byte(32)
  out.num(x)
  out.byte(32)
  out.num(y)
  out.ascii(' cm /')
  out.ascii(form.name)
  out.ascii(' Do Q\n')
  const b = form.box
  if (x + b[0] * scale < bounds[0]) bounds[0] = x + b[0] * scale
  if (x + b[2] * scale > bounds[2]) bounds[2] = x + b[2] * scale
  if (y - b[3] * scale < bounds[1]) bounds[1] = y - b[3] * scale
  if (y - b[1] * scale > bounds[3]) bounds[3] = y - b[1] * scale
}

/**
 * One glyph's outline in page space (font units are y-up) as PDF path operators, one a line (`x y m`, `l`,
 * `v` for quadratic curves as pdfkit writes them, `c`, `h`). `bounds` grows to enclose its points.
 */
function glyphOutline(out: OperatorBytes, glyph: Glyph, x: number, y: number, scale: number, bounds: number[]): void {
  // fontkit's Glyph has its outline (a cached getter); its type declarations leave it out.
  const commands = (glyph as unknown as { path: { commands: PathCommand[] } }).path.commands
  const point = (u: number, v: number) => {
    const px = out.decimal2(x + u * scale)
    out.byte(32)
    const py = out.decimal2(y - v * scale)
    if (px < bounds[0]) bounds[0] = px
    if (px > bounds[2]) bounds[2] = px
    if (py < bounds[1]) bounds[1] = py
    if (py > bounds[3]) bounds[3] = py
  }
  pathOperators(out, commands, point)
}

const outline = new OperatorBytes()
