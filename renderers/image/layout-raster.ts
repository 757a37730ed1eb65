// A page drawn from the PDF engine's layout: the same boxes, line breaks and table columns as the PDF of the
// template (laid out for the screen, on one endless page of the image width), painted as SVG and rasterised
// by resvg. What is laid out right of the image width is cut away, as a browser viewport does.
import type { RenderLimits } from '../contract.js'
import type { StyledDocument } from '../document/styled-tree.js'
import { displayList } from '../pdf/display-list.js'
import { fontStore } from '../pdf/font-store.js'
import type { ImageStore } from '../resources/index.js'
import { checkImageLimits } from './check-image-limits.js'
import { blendOnWhite } from './canvas-color.js'
import { displayListSvg } from './display-list-svg.js'
import { layoutScreen } from './layout-screen.js'
import { rasterizeSvg, type Raster } from './rasterize-svg.js'

export interface LayoutRasterRequest {
  doc: StyledDocument
  images: ImageStore
  warnings: string[]
  width: number
  viewportHeight: number
  fullPage: boolean
  scale: number
  limits: RenderLimits
}

export function layoutRaster(r: LayoutRasterRequest): Raster & { cssHeight: number } {
  const fonts = fontStore()
  const laid = layoutScreen(r.doc, { fonts, images: r.images, warnings: r.warnings }, r.width, r.viewportHeight)
  const cssHeight = r.fullPage ? Math.max(r.viewportHeight, Math.ceil(laid.height - 0.01)) : r.viewportHeight
  checkImageLimits(Math.round(r.width * r.scale), Math.round(cssHeight * r.scale), r.limits)
  const svg = displayListSvg(displayList(laid.root), laid.root, { width: r.width, height: cssHeight, fonts, images: r.images, warnings: r.warnings })
  const canvas = laid.canvas && laid.canvas.a > 0 ? blendOnWhite(laid.canvas) : 'white'
  return { ...rasterizeSvg(svg, r.scale, canvas, false), cssHeight }
}
