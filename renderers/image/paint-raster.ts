// A screen document (renderers/pipeline/screen-document.ts) to pixels: its display list painted as SVG and
// rasterised by resvg, or — for a page of only solid square boxes, straight borders and text — filled
// directly (rect-raster.ts); text that nothing painted later covers is drawn from glyph masks afterwards.
import { RenderError } from '../contract.js'
import type { Color } from '../document/styled-tree.js'
import type { ScreenDocument } from '../pipeline/finished-document.js'
import { opaqueOnWhite } from './canvas-color.js'
import { cssColor } from './css-values.js'
import { rectRaster } from './rect-raster.js'
import { snapToPixels } from './snap-to-pixels.js'
import { compositeGlyphs } from './composite-glyphs.js'
import { canvasBox, displayListSvg } from './display-list-svg.js'
import { drawnAsVectors } from './image-element.js'
import { resolveImages } from './resampled-images.js'
import { rasterizeIsolated, rasterizeSvg, type Raster } from './rasterize-svg.js'

export interface RasterOptions {
  /** Device pixels per CSS px. */
  scale: number
  /** Pages of plain boxes and text skip resvg (rect-raster.ts); false forces SVG (tests compare both). */
  rectFastPath?: boolean
}

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 }

export async function paintRaster(page: Pick<ScreenDocument, 'layout' | 'ops' | 'width' | 'height' | 'canvas' | 'engines'>, options: RasterOptions): Promise<Raster> {
  const { fonts, images, warnings } = page.engines
  const { width, height } = page
  const root = page.layout.root
  // An SVG drawn as vectors keeps its box unsnapped: resvg would fit its viewBox to the snapped box and shift it.
  const ops = snapToPixels(page.ops, options.scale, canvasBox(root), (src) => { const image = images.get(src); return !image || !drawnAsVectors(image) })
  const canvasColor = page.canvas && page.canvas.a > 0 ? opaqueOnWhite(page.canvas) : WHITE
  const simple = options.rectFastPath === false ? null
    : rectRaster(ops, { width, height, scale: options.scale, fonts, canvas: canvasColor, canvasBox: canvasBox(root) })
  if (simple) {
    compositeGlyphs(simple.raster, simple.glyphs, options.scale)
    return simple.raster
  }
  const svgPage = { width, height, fonts, images, warnings, scale: options.scale }
  let svg = displayListSvg(ops, root, svgPage)
  const background = cssColor(canvasColor)
  let raster: Raster
  if (!svg.risky) raster = rasterizeSvg(await resolveImages(svg.svg, svg.slots), options.scale, background)
  else {
    // A page paint-bounds.ts cannot prove safe for resvg is drawn in the native helper process, where a panic
    // fails this render only; if it panics, once more with geometry inside layers cut near the image.
    try {
      raster = await rasterizeIsolated(await resolveImages(svg.svg, svg.slots), options.scale, background)
    } catch (error) {
      if (!(error instanceof RenderError) || error.code !== 'QUIRE_ERR_RENDER_NATIVE_CRASHED') throw error
      svg = displayListSvg(ops, root, { ...svgPage, cutLayers: true })
      const resolved = await resolveImages(svg.svg, svg.slots)
      raster = svg.risky ? await rasterizeIsolated(resolved, options.scale, background) : rasterizeSvg(resolved, options.scale, background)
      warnings.add('the image was drawn with geometry far outside it cut short (resvg could not draw it as laid out)')
    }
  }
  compositeGlyphs(raster, svg.glyphs, options.scale)
  return raster
}
