// fontkit keeps one Glyph object per glyph id for the life of a parsed font, carrying the code points of the
// call that first made it. A glyph first made without them — a composite glyph's component (Arimo draws
// Cyrillic С, е, а, о from the Latin letters), a glyph pdfkit's subset asks for by id — kept none for every
// later document the worker rendered: its ToUnicode entry was empty, so copying, searching and pdftotext lost
// those letters ("Certificate" read "rtiit"), and shapers that read code points saw none. The first caller
// that knows a glyph's code points now gives them to it.
import type { Font, Glyph } from 'fontkit'

type GetGlyph = (id: number, codePoints?: number[]) => Glyph

export function keepGlyphCodePoints(font: Font): void {
  const own = font as Font & { getGlyph: GetGlyph }
  const getGlyph = own.getGlyph.bind(font)
  own.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints)
    if (glyph && glyph.codePoints.length === 0 && codePoints && codePoints.length > 0) {
      (glyph as { codePoints: number[] }).codePoints = codePoints
    }
    return glyph
  }
}
