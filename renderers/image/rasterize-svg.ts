// SVG → RGBA pixels with resvg, drawn at the device scale (vectors and text are drawn at that size, not
// resampled). resvg gets only the font files the SVG names, since it parses every file it is given.
import { Resvg } from '@resvg/resvg-js'
import { ALL_FACES } from '../fonts/index.js'
import { FONT_NAMES } from './font-names.js'

export interface Raster {
  /** Straight RGBA (the canvas is always opaque before masks, so resvg's premultiplied data is the same). */
  pixels: Buffer
  width: number
  height: number
}

const facesByName = new Map<string, { name: string; files: string[] }>()
for (const face of ALL_FACES) {
  const entry = facesByName.get(face.name.toLowerCase()) ?? { name: face.name, files: [] }
  entry.files.push(face.path)
  facesByName.set(face.name.toLowerCase(), entry)
}

/**
 * Satori writes family names lower-cased, but resvg matches them case-sensitively: the names are put back
 * as the fonts declare them, and the files of those families collected on the way.
 */
function fixFontFamilies(svg: string): { svg: string; fontFiles: string[] } {
  const files = new Set<string>()
  const fixed = svg.replace(/font-family="([^"]*)"/g, (_all, list: string) => {
    const names = list.split(',').map((raw) => {
      const entry = facesByName.get(raw.trim().replace(/^['"]|['"]$/g, '').toLowerCase())
      if (!entry) return raw
      entry.files.forEach((f) => files.add(f))
      return entry.name
    })
    return `font-family="${names.join(',')}"`
  })
  return { svg: fixed, fontFiles: [...files] }
}

/**
 * `withText` false: the SVG holds no <text> (glyphs are outlines), so resvg gets no font files at all — it
 * would otherwise read and parse every file it is given on each render.
 */
export function rasterizeSvg(source: string, scale: number, background: string, withText = true): Raster {
  const { svg, fontFiles } = withText ? fixFontFamilies(source) : { svg: source, fontFiles: [] }
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background,
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: FONT_NAMES.serif },
    logLevel: 'off',
  })
  const image = resvg.render()
  return { pixels: image.pixels, width: image.width, height: image.height }
}
