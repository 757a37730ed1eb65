// A page drawn from the layout engine (renderers/layout, medium 'screen'): the same boxes, line breaks and table columns as the PDF of the
// template (laid out for the screen, on one endless page of the image width), painted as SVG and rasterised
// by resvg. What is laid out right of the image width is cut away, as a browser viewport does.
import { RenderError, type RenderLimits } from '../contract.js'
import type { Color, StyledDocument } from '../document/styled-tree.js'
import { displayList } from '../layout/display-list.js'
import { fontStore, type FontStore } from '../fonts/font-store.js'
import { layoutDocument } from '../layout/layout-document.js'
import type { ImageStore } from '../resources/index.js'
import { checkImageLimits } from './check-image-limits.js'
import { budgetsOf } from '../default-budgets.js'
import { opaqueOnWhite } from './canvas-color.js'
import { cssColor } from './css-values.js'
import { rectRaster } from './rect-raster.js'
import { compositeGlyphs } from './composite-glyphs.js'
import { canvasBox, displayListSvg } from './display-list-svg.js'
import { rasterizeIsolated, rasterizeSvg, type Raster } from './rasterize-svg.js'
import type { Warnings } from '../warnings.js'

export interface LayoutRasterRequest {
  doc: StyledDocument
  images: ImageStore
  warnings: Warnings
  width: number
  viewportHeight: number
  fullPage: boolean
  scale: number
  limits: RenderLimits
  /** The document's font store (its web fonts); the shared store when not given. */
  fonts?: FontStore
  /** Pages of plain boxes and text skip resvg (rect-raster.ts); false forces SVG (tests compare both). */
  rectFastPath?: boolean
}

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 }

export async function layoutRaster(r: LayoutRasterRequest): Promise<Raster & { cssHeight: number }> {
  const fonts = r.fonts ?? fontStore()
  const laid = layoutDocument(r.doc, { fonts, images: r.images, warnings: r.warnings, budgets: budgetsOf(r.limits) }, r.width, r.viewportHeight, 'screen')
  const cssHeight = r.fullPage ? Math.max(r.viewportHeight, Math.ceil(laid.height - 0.01)) : r.viewportHeight
  checkImageLimits(Math.round(r.width * r.scale), Math.round(cssHeight * r.scale), r.limits)
  const ops = displayList(laid.root)
  const canvasColor = laid.canvas && laid.canvas.a > 0 ? opaqueOnWhite(laid.canvas) : WHITE
  const simple = r.rectFastPath === false ? null
    : rectRaster(ops, { width: r.width, height: cssHeight, scale: r.scale, fonts, canvas: canvasColor, canvasBox: canvasBox(laid.root) })
  if (simple) {
    compositeGlyphs(simple.raster, simple.glyphs, r.scale)
    return { ...simple.raster, cssHeight }
  }
  const svgPage = { width: r.width, height: cssHeight, fonts, images: r.images, warnings: r.warnings, scale: r.scale }
  let page = displayListSvg(ops, laid.root, svgPage)
  const background = cssColor(canvasColor)
  let raster: Raster
  if (!page.risky) raster = rasterizeSvg(page.svg, r.scale, background)
  else {
    // A page paint-bounds.ts cannot prove safe for resvg is drawn in the native helper process, where a panic
    // fails this render only; if it panics, once more with geometry inside layers cut near the image.
    try {
      raster = await rasterizeIsolated(page.svg, r.scale, background)
    } catch (error) {
      if (!(error instanceof RenderError) || error.code !== 'QUIRE_ERR_RENDER_NATIVE_CRASHED') throw error
      page = displayListSvg(ops, laid.root, { ...svgPage, cutLayers: true })
      raster = page.risky ? await rasterizeIsolated(page.svg, r.scale, background) : rasterizeSvg(page.svg, r.scale, background)
      r.warnings.add('the image was drawn with geometry far outside it cut short (resvg could not draw it as laid out)')
    }
  }
  compositeGlyphs(raster, page.glyphs, r.scale)
  return { ...raster, cssHeight }
}
