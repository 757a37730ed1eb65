// SVG → RGBA pixels with resvg, drawn at the device scale (vectors are drawn at that size, not resampled).
// The SVG painter writes text as glyph outlines (composite-glyphs.ts), so resvg is given no font files: it
// would otherwise read and parse every file it is given on each render.
import { Resvg } from '@resvg/resvg-js'
import { runNative } from '../isolated/native-process.js'
import { FONT_NAMES } from './font-names.js'

export interface Raster {
  /** Straight RGBA (the canvas is always opaque before masks, so resvg's premultiplied data is the same). */
  pixels: Buffer
  width: number
  height: number
}

export function rasterizeSvg(svg: string, scale: number, background: string): Raster {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background,
    font: { fontFiles: [], loadSystemFonts: false, defaultFontFamily: FONT_NAMES.serif },
    logLevel: 'off',
  })
  const image = resvg.render()
  return { pixels: image.pixels, width: image.width, height: image.height }
}

/** The same in the native helper process (renderers/isolated), where a resvg panic fails this render only. */
export async function rasterizeIsolated(svg: string, scale: number, background: string): Promise<Raster> {
  const reply = await runNative({ op: 'resvg', svg, scale, background, defaultFontFamily: FONT_NAMES.serif }, 'resvg (the page)')
  if (!('pixels' in reply)) throw new Error('the page was not rasterised')
  return { pixels: Buffer.from(reply.pixels.buffer, reply.pixels.byteOffset, reply.pixels.byteLength), width: reply.width, height: reply.height }
}
