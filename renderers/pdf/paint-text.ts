// Painting a text fragment: glyphs on the alphabetic baseline through pdfkit's text() (which embeds and
// subsets the face), word by word when spaces are widened (justify, word-spacing), then decorations.
import type { TextFrag } from './fragments.js'
import type { FontStore } from './font-store.js'
import { rgb } from './paint-box.js'
import type { PaintTarget } from './paint-target.js'

export function paintText(target: PaintTarget, fonts: FontStore, frag: TextFrag): void {
  const { doc } = target
  if (frag.color.a <= 0 || !frag.text) return
  doc.font(target.font(frag.face)).fontSize(frag.size).fillColor(rgb(frag.color), frag.color.a)
  const options = { lineBreak: false, baseline: 'alphabetic', characterSpacing: frag.letterSpacing || undefined } as PDFKit.Mixins.TextOptions
  if (!frag.spaceExtra) {
    if (frag.text.trim()) doc.text(frag.text, frag.x, frag.baseline, options)
  } else {
    let x = frag.x
    const words = frag.text.split(' ')
    words.forEach((word, i) => {
      if (word) doc.text(word, x, frag.baseline, options)
      const piece = i < words.length - 1 ? `${word} ` : word
      x += fonts.width(frag.face, piece, frag.size) + frag.letterSpacing * [...piece].length + (i < words.length - 1 ? frag.spaceExtra : 0)
    })
  }
  const deco = frag.decoration
  if (!deco) return
  const d = fonts.decoration(frag.face, frag.size)
  const m = fonts.metrics(frag.face, frag.size)
  const thickness = d.thickness
  doc.save()
  doc.fillColor(rgb(deco.color), deco.color.a)
  if (deco.underline) doc.rect(frag.x, frag.baseline + d.underlineOffset - thickness / 2, frag.w, thickness).fill()
  if (deco.overline) doc.rect(frag.x, frag.baseline - m.ascent, frag.w, thickness).fill()
  if (deco.lineThrough) doc.rect(frag.x, frag.baseline + d.strikeOffset - thickness / 2, frag.w, thickness).fill()
  doc.restore()
}
