// Painting a text fragment: one BT…ET block of glyph runs written straight into the page's content stream
// (pdfkit's text() would add a save/transform/restore, measure the string again and parse its options
// for every fragment), then decorations. Glyphs are encoded by pdfkit's embedded font, which also
// records them for the subset and the ToUnicode map, so fonts stay subset and text stays extractable.
import { fillColor } from './color-operator.js'
import { OperatorBytes } from './operator-bytes.js'
import { paintTextShadows } from './paint-text-shadows.js'
import type { TextFrag } from '../layout/fragments.js'
import type { FontStore } from '../fonts/font-store.js'
import type { Glyph } from 'fontkit'
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

const PRIVATE_USE = /[\uE000-\uF8FF]|[\u{F0000}-\u{10FFFF}]/gu

export function paintText(target: PaintTarget, fonts: FontStore, frag: TextFrag): void {
  const { doc } = target
  if (frag.color.a <= 0 || !frag.text) return
  if (hasInk(frag.text)) {
    if (frag.shadows) paintTextShadows(doc, fonts, frag)
    fillColor(doc.font(target.font(frag.face)), frag.color, frag.color.a)
    // A character no font has is drawn as the fallback's missing-glyph box, and every such box is one glyph
    // (one ToUnicode entry): the text itself goes into the text layer as the span's ActualText, so search,
    // copy and pdftotext still find it. Only the fallback face ever draws such boxes.
    // Private-use code points are icon-font codes, not text: a reader (and Chromium's text layer) has none.
    // Synthesised small caps draw capitals for lowercase letters: the text layer keeps the document's letters.
    const actual = frag.actualText ?? (frag.face.family === 'dejavu' && !fonts.covers(frag.face, frag.text) ? frag.text.replace(PRIVATE_USE, '') : '')
    const missing = actual.trim() !== ''
    if (missing) doc.markContent('Span', { actual } as never)
    // As bytes: pdfkit would convert a string to bytes one character at a time in JavaScript.
    doc.addContent(glyphOps(doc as unknown as PdfkitText, fonts, frag, target.noNotdef ? target.warnings.add : null) as never)
    if (missing) doc.endMarkedContent()
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

/** Whether text has more than white space (as String.prototype.trim sees it), without a trimmed copy. */
function hasInk(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c > 32 && c < 127) return true
    if (c !== 32) return text.trim() !== ''
  }
  return false
}

/**
 * The text object for one fragment. The text matrix flips y back up (user space is y-down here), so no
 * cm is needed. Text is encoded piece by piece, split after spaces, from the same shaped runs the font
 * store measured with; extra word space (justify, word-spacing) goes after each space as a TJ adjustment.
 * Written as bytes into a reused buffer (operators built as strings cost more than the glyphs); the page
 * keeps a copy.
 */
function glyphOps(doc: PdfkitText, fonts: FontStore, frag: TextFrag, noNotdef: ((warning: string) => void) | null): Buffer {
  const font = doc._font
  if (doc.page.fonts[font.id] == null) doc.page.fonts[font.id] = font.ref()
  const { size, baseline: y, letterSpacing: tc, spaceExtra } = frag
  const unit = font.scale // font units → thousandths of the font size
  const px = size / 1000
  const out = ops
  out.reset()
  out.ascii('BT\n1 0 0 -1 ')
  out.num(frag.x)
  out.ascii(' ')
  out.num(y)
  out.ascii(' Tm\n/')
  out.ascii(font.id)
  out.ascii(' ')
  out.num(size)
  out.ascii(' Tf\n')
  if (tc) { out.num(tc); out.ascii(' Tc\n') }
  // Inside a TJ array / inside a <…> glyph string of it.
  let inArray = false
  let inRun = false
  let x = frag.x
  const text = frag.text
  for (let start = 0; start < text.length;) {
    let end = text.indexOf(' ', start) + 1
    if (end === 0) end = text.length
    const piece = start === 0 && end === text.length ? text : text.slice(start, end)
    start = end
    const { glyphs, positions } = fonts.glyphRun(frag.face, piece)
    const widened = spaceExtra && piece.charCodeAt(piece.length - 1) === 32
    const joiner = piece.includes('\u200c') ? ZWNJ_SPAN : piece.includes('\u200d') ? ZWJ_SPAN : null
    for (let i = 0; i < glyphs.length; i++) {
      const p = positions[i]
      const boxed = glyphs[i].id === 0 && noNotdef !== null
      const glyph = boxed ? boxGlyph(fonts, frag, glyphs[i], noNotdef) : glyphs[i]
      const gid = font.subset.includeGlyph(glyph.id)
      // pdfkit presets the missing glyph's width in font units, not thousandths of an em (1229 instead of 600
      // for DejaVu Sans): every missing-glyph box advanced twice its measured width and overran the next words.
      if (font.widths[gid] == null || gid === 0) font.widths[gid] = glyph.advanceWidth * unit
      if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints
      const extra = widened && i === glyphs.length - 1 ? spaceExtra : 0
      const advance = p.xAdvance * unit
      if (boxed) {
        // The box squeezed (Tz) into the missing glyph's measured advance, then back on the line after it.
        if (inRun) out.ascii('>')
        if (inArray) out.ascii('] TJ\n')
        inArray = inRun = false
        out.textMatrix(x, y)
        out.num(glyph.advanceWidth ? (100 * p.xAdvance) / glyph.advanceWidth : 100)
        out.ascii(' Tz\n<')
        out.hex4(gid)
        out.ascii('> Tj\n100 Tz\n')
        x += advance * px + tc + extra
        out.textMatrix(x, y)
        continue
      }
      if (p.xOffset || p.yOffset) {
        // A positioned mark: its own text matrix, then back on the line after it.
        if (inRun) out.ascii('>')
        if (inArray) out.ascii('] TJ\n')
        inArray = inRun = false
        out.textMatrix(x + p.xOffset * unit * px, y - p.yOffset * unit * px)
        out.ascii('<')
        out.hex4(gid)
        out.ascii('> Tj\n')
        x += advance * px + tc + extra
        out.textMatrix(x, y)
        continue
      }
      const adjust = advance - glyph.advanceWidth * unit + extra / px
      if (joiner && advance === 0 && glyph.codePoints[0] === 32) {
        // A zero-width (non-)joiner, which shaping drew as a zero-width space glyph: Chromium's text layer
        // keeps it (نقل‌قول), as the glyph's ActualText.
        if (inRun) out.ascii('>')
        if (inArray) out.ascii('] TJ\n')
        inArray = inRun = false
        out.ascii(joiner)
        out.hex4(gid)
        out.ascii('> ')
        out.num(-adjust)
        out.ascii('] TJ\nEMC\n')
        x += advance * px + tc + extra
        continue
      }
      if (!inArray) { out.ascii('['); inArray = true }
      if (!inRun) { out.ascii('<'); inRun = true }
      out.hex4(gid)
      if (adjust !== 0) {
        out.ascii('> ')
        out.num(-adjust)
        out.ascii(' ')
        inRun = false
      }
      x += advance * px + tc + extra
    }
  }
  if (inRun) out.ascii('>')
  if (inArray) out.ascii('] TJ\n')
  if (tc) out.ascii('0 Tc\n')
  out.ascii('ET\n')
  return out.copy()
}

/**
 * PDF/A (ISO 19005-2, 6.2.11.8) forbids showing .notdef: a character no font has is drawn with the face's
 * WHITE SQUARE (□, DejaVu Sans has it) squeezed into the missing glyph's advance — a box, in another glyph — and
 * named in a warning. The text layer keeps the character through the span's ActualText (paintText).
 */
function boxGlyph(fonts: FontStore, frag: TextFrag, missing: Glyph, warn: (warning: string) => void): Glyph {
  const cps = missing.codePoints.map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(' ')
  warn(`PDF/A: no font has ${cps || 'a glyph'} (font-family ${frag.face.family}); drawn as □, not as .notdef`)
  // fontkit's glyphs keep their metrics in getters: copied by name.
  const box = fonts.glyphRun(frag.face, '\u25a1').glyphs[0]
  if (box && box.id !== 0) return { id: box.id, advanceWidth: box.advanceWidth, codePoints: [0x25a1] }
  const space = fonts.glyphRun(frag.face, ' ').glyphs[0]
  return { id: space.id, advanceWidth: space.advanceWidth, codePoints: [32] }
}

const ZWNJ_SPAN = '/Span<</ActualText <feff200c>>> BDC\n[<'
const ZWJ_SPAN = '/Span<</ActualText <feff200d>>> BDC\n[<'

const ops = new OperatorBytes()
