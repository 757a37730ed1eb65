// Text fragments as glyph outlines: one <path> per fragment holding every glyph, each placed with an
// absolute move followed by its cached relative outline (resvg fills one path far faster than it expands
// one <use> per glyph). The glyphs come from
// the same shaped runs the layout measured (the font store's cached view of the parsed font), so what is
// drawn lines up exactly with the layout, and resvg never has to parse a font or shape text again.
import { splitAfterSpaces } from '../layout/split-after-spaces.js'
import type { Font, Glyph } from 'fontkit'
import type { FontFace } from '../fonts/index.js'
import type { FontStore } from '../fonts/font-store.js'
import type { TextFrag } from '../layout/fragments.js'
import type { PlacedGlyph } from './composite-glyphs.js'
import { fillAttrs, num } from './svg-format.js'

/** fontkit's glyphs have an outline, which its typings leave out. */
type PathCommand = { command: string; args: number[] }
type OutlinedGlyph = Glyph & { path: { commands: PathCommand[] } }

/**
 * A glyph's outline at one font size as *relative* path data from its origin (y flipped to point down), so
 * that placing it is `M x y` followed by this string. Cached per face, size and glyph for the worker's life.
 * Relative coordinates are kept to 1/1000 px so the rounding cannot add up to anything visible.
 */
const outlines = new Map<string, string>()

function relativeOutline(face: FontFace, glyph: OutlinedGlyph, scale: number): string {
  const key = `${face.key}\u0000${scale}\u0000${glyph.id}`
  const known = outlines.get(key)
  if (known !== undefined) return known
  // Positions are tracked in rounded output units, so every relative step is exact against what was written.
  let cx = 0, cy = 0, sx = 0, sy = 0
  let d = ''
  const r = (v: number) => Math.round(v * 1000) / 1000
  const rel = (x: number, y: number): string => {
    const ox = r(x * scale), oy = r(-y * scale)
    const out = `${fmt(ox - cx)} ${fmt(oy - cy)}`
    cx = ox
    cy = oy
    return out
  }
  for (const { command, args: a } of glyph.path.commands) {
    switch (command) {
      case 'moveTo':
        d += `m${rel(a[0], a[1])}`
        sx = cx
        sy = cy
        break
      case 'lineTo':
        d += `l${rel(a[0], a[1])}`
        break
      case 'quadraticCurveTo': {
        const bx = cx, by = cy
        const c1 = `${fmt(r(a[0] * scale) - bx)} ${fmt(r(-a[1] * scale) - by)}`
        d += `q${c1} ${rel(a[2], a[3])}`
        break
      }
      case 'bezierCurveTo': {
        const bx = cx, by = cy
        const c1 = `${fmt(r(a[0] * scale) - bx)} ${fmt(r(-a[1] * scale) - by)}`
        const c2 = `${fmt(r(a[2] * scale) - bx)} ${fmt(r(-a[3] * scale) - by)}`
        d += `c${c1} ${c2} ${rel(a[4], a[5])}`
        break
      }
      case 'closePath':
        d += 'z'
        cx = sx
        cy = sy
        break
    }
  }
  outlines.set(key, d)
  return d
}

const fmt = (v: number): string => {
  const x = Math.round(v * 1000) / 1000
  return Object.is(x, -0) ? '0' : String(x)
}


/** Writes text fragments as filled outline paths. */
export class SvgText {
  constructor(private readonly fonts: FontStore) {}

  /**
   * One text fragment: all its glyphs as one path with the text colour, then its decorations. With `glyphs`,
   * they are handed over to be drawn from cached masks after rasterising (composite-glyphs.ts) and
   * only the decorations are returned.
   */
  fragment(frag: TextFrag, glyphs?: PlacedGlyph[]): string {
    if (frag.color.a <= 0 || !frag.text) return ''
    const alpha = frag.color.a * frag.opacity
    let out = ''
    if (frag.text.trim()) {
      // text-shadow: the same glyphs offset in the shadow colour, last layer first (blur not drawn; a blurred
      // shadow at half its alpha, as in the PDF).
      for (let i = (frag.shadows?.length ?? 0) - 1; i >= 0; i--) {
        const sh = frag.shadows![i]
        if (sh.color.a > 0) out += this.glyphs({ ...frag, x: frag.x + sh.x, baseline: frag.baseline + sh.y, color: sh.color, shadows: null }, sh.color.a * frag.opacity * (sh.blur > 0 ? 0.5 : 1), glyphs)
      }
      out += this.glyphs(frag, alpha, glyphs)
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

  /** A fragment's glyphs as one path in its colour, or handed to `glyphs` for the mask compositor. */
  private glyphs(frag: TextFrag, alpha: number, glyphs?: PlacedGlyph[]): string {
    // fontkit's unitsPerEm getter reads the head table on every call: read once per fragment.
    const unitsPerEm = (this.fonts.pdfkitFont(frag.face) as Font).unitsPerEm
    const scale = frag.size / unitsPerEm
    const { letterSpacing: tc, spaceExtra } = frag
    const pieces = spaceExtra ? splitAfterSpaces(frag.text) : [frag.text]
    let x = frag.x
    let d = ''
    for (const piece of pieces) {
      // The shared, read-only run the layout measured (the pdfkit view's layout() would copy its positions).
      const run = this.fonts.glyphRun(frag.face, piece)
      const widened = spaceExtra && piece.endsWith(' ')
      for (let i = 0; i < run.glyphs.length; i++) {
        const p = run.positions[i]
        const glyph = run.glyphs[i] as OutlinedGlyph
        if (glyph.path.commands.length) {
          const gx = x + p.xOffset * scale
          const gy = frag.baseline - p.yOffset * scale
          if (glyphs) glyphs.push({ face: frag.face, glyph, unitsPerEm, x: gx, y: gy, size: frag.size, color: frag.color, alpha })
          else d += `M${num(gx, 3)} ${num(gy, 3)}${relativeOutline(frag.face, glyph, scale)}`
        }
        x += p.xAdvance * scale + tc + (widened && i === run.glyphs.length - 1 ? spaceExtra : 0)
      }
    }
    return d ? `<path d="${d}"${fillAttrs(frag.color, alpha)}/>` : ''
  }
}
