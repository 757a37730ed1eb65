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

const filesByName = new Map<string, string[]>()
for (const face of ALL_FACES) {
  const list = filesByName.get(face.name.toLowerCase()) ?? []
  list.push(face.path)
  filesByName.set(face.name.toLowerCase(), list)
}

function fontFilesFor(svg: string): string[] {
  const files = new Set<string>()
  for (const match of svg.matchAll(/font-family="([^"]*)"/g)) {
    for (const name of match[1].split(',')) {
      for (const file of filesByName.get(name.trim().replace(/^['"]|['"]$/g, '').toLowerCase()) ?? []) files.add(file)
    }
  }
  return [...files]
}

export function rasterizeSvg(svg: string, scale: number, background: string): Raster {
  const fontFiles = fontFilesFor(svg)
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background,
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: FONT_NAMES.serif },
    logLevel: 'off',
  })
  const image = resvg.render()
  return { pixels: image.pixels, width: image.width, height: image.height }
}
