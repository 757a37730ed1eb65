// One page render, shared by the image and clips entry points:
// template → HTML → styled tree → images → layout (renderers/layout, medium 'screen') → SVG → pixels.
import type { DocumentSource, FetchPolicy, RenderBudgets, RenderLimits } from '../contract.js'
import { budgetsOf } from '../default-budgets.js'
import { RenderError } from '../contract.js'
import type { MediaContext, StyledDocument } from '../document/styled-tree.js'
import { inRenderScope } from '../layout/render-scope.js'
import { withYoga } from '../layout/yoga.js'
import type { ImageLoadOptions, ImageStore } from '../resources/index.js'
import { checkImageLimits } from './check-image-limits.js'
import { layoutRaster } from './layout-raster.js'
import { pageWidth } from './page-width.js'
import type { Raster } from './rasterize-svg.js'
import { Warnings } from '../warnings.js'
import { loadStylesheets } from '../resources/load-stylesheets.js'
import { loadDocumentFonts } from '../fonts/load-document-fonts.js'
import { documentFontStore } from '../fonts/document-font-store.js'
import { fontStore } from '../fonts/font-store.js'
import { operatorFonts } from '../fonts/operator-fonts.js'

/** `vh` and the fixed-height capture use this when no height is asked for, as Chromium's 800×1200 references. */
export const DEFAULT_VIEWPORT_HEIGHT = 1200

/** The stages before the back-end, passed in so the back-end can be tested and benchmarked alone. */
export interface FrontEnd {
  renderDocumentHtml(args: { source: DocumentSource; data: unknown; limits: RenderLimits; warn?: (message: string) => void }): Promise<string>
  buildStyledDocument(html: string, media: MediaContext, budgets?: RenderBudgets, imports?: ReadonlyMap<string, string>): StyledDocument
  loadImages(doc: StyledDocument, policy: FetchPolicy, options?: ImageLoadOptions): Promise<{ images: ImageStore; warnings: string[] }>
}

export interface PageRequest {
  source: DocumentSource
  data: unknown
  limits: RenderLimits
  fetch: FetchPolicy
  /** FONT_DIR (renderers/fonts/operator-fonts.ts). */
  fontDir?: string
  /** CSS px; undefined = paper width. */
  width?: number
  /** CSS px of the viewport; undefined = DEFAULT_VIEWPORT_HEIGHT. */
  height?: number
  fullPage: boolean
  scale: number
}

export interface RenderedPage extends Raster {
  /** Size in CSS px (the unscaled image). */
  cssWidth: number
  cssHeight: number
  warnings: string[]
}

function styledDocument(front: FrontEnd, html: string, request: PageRequest, viewportHeight: number, imports: ReadonlyMap<string, string>): { doc: StyledDocument; width: number } {
  const media = (width: number): MediaContext => ({ type: 'screen', width, height: viewportHeight })
  const budgets = budgetsOf(request.limits)
  const buildStyledDocument = (html: string, media: MediaContext) => front.buildStyledDocument(html, media, budgets, imports)
  if (request.width !== undefined) return { doc: buildStyledDocument(html, media(request.width)), width: request.width }
  const guess = pageWidth(request.source.settings, null)
  const doc = buildStyledDocument(html, media(guess))
  const width = pageWidth(request.source.settings, doc.page)
  // The document's @page size only becomes known after parsing; media queries must see the final width.
  return width === guess ? { doc, width } : { doc: buildStyledDocument(html, media(width)), width }
}

export function renderPage(front: FrontEnd, request: PageRequest): Promise<RenderedPage> {
  return inRenderScope(() => withYoga(() => renderPageOnce(front, request)))
}

async function renderPageOnce(front: FrontEnd, request: PageRequest): Promise<RenderedPage> {
  const templateWarnings: string[] = []
  const html = await front.renderDocumentHtml({ source: request.source, data: request.data, limits: request.limits, warn: (m) => templateWarnings.push(m) })
  if (html.length > request.limits.maxHtmlChars) {
    throw new RenderError('QUIRE_ERR_RENDER_HTML_LIMIT', `rendered HTML has ${html.length} characters; the limit is ${request.limits.maxHtmlChars}`)
  }
  const viewportHeight = Math.round(request.height ?? DEFAULT_VIEWPORT_HEIGHT)
  const linked = await loadStylesheets(html, request.fetch, budgetsOf(request.limits))
  const { doc, width: rawWidth } = styledDocument(front, html, request, viewportHeight, linked.sheets)
  const width = Math.round(rawWidth)
  checkImageLimits(Math.round(width * request.scale), Math.round(viewportHeight * request.scale), request.limits)

  const warnings = new Warnings()
  warnings.addAll(templateWarnings)
  warnings.addAll(linked.warnings)
  warnings.addAll(doc.warnings)
  // Bitmaps are kept at most as wide as the image's pixels (at least 2 px per CSS px): the most they can be drawn.
  const [{ images, warnings: imageWarnings }, webFonts] = await Promise.all([
    front.loadImages(doc, request.fetch, { budgets: budgetsOf(request.limits), maxWidth: width * Math.max(2, request.scale) }),
    loadDocumentFonts(doc, request.fetch, budgetsOf(request.limits)),
  ])
  warnings.addAll(webFonts.warnings)
  warnings.addAll(imageWarnings)
  const fonts = documentFontStore(fontStore(), webFonts.fonts, request.fontDir ? operatorFonts(request.fontDir) : undefined)
  const raster = await layoutRaster({
    doc, images, warnings, fonts, width, viewportHeight, fullPage: request.fullPage, scale: request.scale, limits: request.limits,
  })
  return { pixels: raster.pixels, width: raster.width, height: raster.height, cssWidth: width, cssHeight: raster.cssHeight, warnings: warnings.list }
}
