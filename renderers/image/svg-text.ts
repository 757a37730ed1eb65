// Text fragments as glyph outlines: each glyph's outline is written once per document as a <path> in font
// units, and every occurrence is a <use> with a matrix that scales, flips and places it. The glyphs come from
// the same shaped runs the layout measured (the font store's cached view of the parsed font), so what is
// drawn lines up exactly with the layout, and resvg never has to parse a font or shape text again.
import type { Font, Glyph } from 'fontkit'
import type { FontFace } from '../fonts/index.js'
import type { FontStore } from '../pdf/font-store.js'
import type { TextFrag } from '../pdf/fragments.js'
import { fillAttrs, num } from './svg-format.js'

/** Outline path strings per face key and glyph id, kept for the worker's life (fonts are few and fixed). */
const outlines = new Map<string, Map<number, string>>()

function outline(face: FontFace, glyph: Glyph): string {
  let byGlyph = outlines.get(face.key)
  if (!byGlyph) {
    byGlyph = new Map()
    outlines.set(face.key, byGlyph)
  }
  let d = byGlyph.get(glyph.id)
  if (d === undefined) {
    d = glyph.path.commands.length ? glyph.path.toSVG() : ''
    byGlyph.set(glyph.id, d)
  }
  return d
}

function splitAfterSpaces(text: string): string[] {
  const pieces: string[] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 32) {
      pieces.push(text.slice(start, i + 1))
      start = i + 1
    }
  }
  if (start < text.length) pieces.push(text.slice(start))
  return pieces
}

/** Collects the glyph outlines one SVG document uses, and writes text fragments that refer to them. */
export class SvgText {
  private readonly ids = new Map<string, string>()
  private defs = ''

  constructor(private readonly fonts: FontStore) {}

  /** The <path> elements referred to so far (goes into <defs>). */
  get definitions(): string {
    return this.defs
  }

  private glyphId(face: FontFace, glyph: Glyph): string | null {
    const key = `${face.key}\u0000${glyph.id}`
    let id = this.ids.get(key)
    if (id === undefined) {
      const d = outline(face, glyph)
      if (!d) return null
      id = `g${this.ids.size}`
      this.ids.set(key, id)
      this.defs += `<path id="${id}" d="${d}"/>`
    }
    return id
  }

  /** One text fragment: its glyphs in one group with the text colour, then its decorations. */
  fragment(frag: TextFrag): string {
    if (frag.color.a <= 0 || !frag.text) return ''
    const alpha = frag.color.a * frag.opacity
    let out = ''
    if (frag.text.trim()) {
      const font = this.fonts.pdfkitFont(frag.face) as Font
      const scale = frag.size / font.unitsPerEm
      const { letterSpacing: tc, spaceExtra } = frag
      const pieces = spaceExtra ? splitAfterSpaces(frag.text) : [frag.text]
      let x = frag.x
      let uses = ''
      for (const piece of pieces) {
        const run = font.layout(piece)
        const widened = spaceExtra && piece.endsWith(' ')
        for (let i = 0; i < run.glyphs.length; i++) {
          const p = run.positions[i]
          const id = this.glyphId(frag.face, run.glyphs[i])
          if (id) {
            const gx = x + p.xOffset * scale
            const gy = frag.baseline - p.yOffset * scale
            uses += `<use href="#${id}" transform="matrix(${num(scale, 5)} 0 0 ${num(-scale, 5)} ${num(gx)} ${num(gy)})"/>`
          }
          x += p.xAdvance * scale + tc + (widened && i === run.glyphs.length - 1 ? spaceExtra : 0)
        }
      }
      if (uses) out += `<g${fillAttrs(frag.color, alpha)}>${uses}</g>`
    }
    const deco = frag.decoration
    if (deco && deco.color.a > 0) {
      const d = this.fonts.decoration(frag.face, frag.size)
      const m = this.fonts.metrics(frag.face, frag.size)
      const t = d.thickness
      const line = (y: number) => `<rect x="${num(frag.x)}" y="${num(y)}" width="${num(frag.w)}" height="${num(t)}"${fillAttrs(deco.color, deco.color.a * frag.opacity)}/>`
      if (deco.underline) out += line(frag.baseline + d.underlineOffset - t / 2)
      if (deco.overline) out += line(frag.baseline - m.ascent)
      if (deco.lineThrough) out += line(frag.baseline + d.strikeOffset - t / 2)
    }
    return out
  }
}
