// Painting a text fragment: one BT…ET block of glyph runs written straight into the page's content stream
// (pdfkit's text() would add a save/transform/restore, measure the string again and parse its options
// for every fragment), then decorations. Glyphs are encoded by pdfkit's embedded font, which also
// records them for the subset and the ToUnicode map, so fonts stay subset and text stays extractable.
import { splitAfterSpaces } from './split-after-spaces.js'
import { fillColor } from './color-operator.js'
import type { TextFrag } from './fragments.js'
import type { FontStore } from './font-store.js'
import type { PaintTarget } from './paint-target.js'

/**
 * The parts of pdfkit's document and EmbeddedFont that its own text() and encode() use: the subset that
 * renumbers glyphs, the widths and code points written into the font dictionary and ToUnicode map.
 */
interface PdfkitText {
  _font: {
    id: string
    ref(): unknown
    scale: number
    subset: { includeGlyph(id: number): number }
    widths: (number | undefined)[]
    unicode: (number[] | undefined)[]
  }
  page: { fonts: Record<string, unknown> }
}

/** pdfkit's number format: six decimals at most. */
const num = (n: number) => Math.round(n * 1e6) / 1e6

export function paintText(target: PaintTarget, fonts: FontStore, frag: TextFrag): void {
  const { doc } = target
  if (frag.color.a <= 0 || !frag.text) return
  if (frag.text.trim()) {
    fillColor(doc.font(target.font(frag.face)), frag.color, frag.color.a)
    // As bytes: pdfkit would convert a string to bytes one character at a time in JavaScript.
    doc.addContent(Buffer.from(glyphOps(doc as unknown as PdfkitText, fonts, frag), 'latin1') as never)
  }
  const deco = frag.decoration
  if (!deco) return
  const d = fonts.decoration(frag.face, frag.size)
  const m = fonts.metrics(frag.face, frag.size)
  const thickness = d.thickness
  doc.save()
  fillColor(doc, deco.color, deco.color.a)
  if (deco.underline) doc.rect(frag.x, frag.baseline + d.underlineOffset - thickness / 2, frag.w, thickness).fill()
  if (deco.overline) doc.rect(frag.x, frag.baseline - m.ascent, frag.w, thickness).fill()
  if (deco.lineThrough) doc.rect(frag.x, frag.baseline + d.strikeOffset - thickness / 2, frag.w, thickness).fill()
  doc.restore()
}

/**
 * The text object for one fragment. The text matrix flips y back up (user space is y-down here), so no
 * cm is needed. Text is encoded piece by piece, split after spaces, from the same shaped runs the font
 * store measured with; extra word space (justify, word-spacing) goes after each space as a TJ adjustment.
 */
function glyphOps(doc: PdfkitText, fonts: FontStore, frag: TextFrag): string {
  const font = doc._font
  if (doc.page.fonts[font.id] == null) doc.page.fonts[font.id] = font.ref()
  const { size, baseline: y, letterSpacing: tc, spaceExtra } = frag
  const unit = font.scale // font units → thousandths of the font size
  const px = size / 1000
  let out = `BT\n1 0 0 -1 ${num(frag.x)} ${num(y)} Tm\n/${font.id} ${num(size)} Tf\n`
  if (tc) out += `${num(tc)} Tc\n`
  let tj = ''
  let run = ''
  let x = frag.x
  for (const piece of splitAfterSpaces(frag.text)) {
    const { glyphs, positions } = fonts.glyphRun(frag.face, piece)
    const widened = spaceExtra && piece.charCodeAt(piece.length - 1) === 32
    for (let i = 0; i < glyphs.length; i++) {
      const glyph = glyphs[i]
      const p = positions[i]
      const gid = font.subset.includeGlyph(glyph.id)
      if (font.widths[gid] == null) font.widths[gid] = glyph.advanceWidth * unit
      if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints
      const code = hex4(gid)
      const extra = widened && i === glyphs.length - 1 ? spaceExtra : 0
      const advance = p.xAdvance * unit
      if (p.xOffset || p.yOffset) {
        // A positioned mark: its own text matrix, then back on the line after it.
        if (run) tj += `<${run}>`
        if (tj) out += `[${tj}] TJ\n`
        tj = run = ''
        out += `1 0 0 -1 ${num(x + p.xOffset * unit * px)} ${num(y - p.yOffset * unit * px)} Tm\n<${code}> Tj\n`
        x += advance * px + tc + extra
        out += `1 0 0 -1 ${num(x)} ${num(y)} Tm\n`
        continue
      }
      run += code
      const adjust = advance - glyph.advanceWidth * unit + extra / px
      if (adjust !== 0) {
        tj += `<${run}> ${num(-adjust)} `
        run = ''
      }
      x += advance * px + tc + extra
    }
  }
  if (run) tj += `<${run}>`
  if (tj) out += `[${tj}] TJ\n`
  if (tc) out += '0 Tc\n'
  return out + 'ET\n'
}

const HEX = Array.from({ length: 4096 }, (_, i) => i.toString(16).padStart(4, '0'))

function hex4(gid: number): string {
  return gid < HEX.length ? HEX[gid] : gid.toString(16).padStart(4, '0')
}

