// One page render, shared by the image and clips entry points:
// template → HTML → styled tree → images → satori element tree → SVG (+ layout height) → pixels.
import satori from 'satori'
import type { DocumentSource, FetchPolicy, RenderBudgets, RenderLimits } from '../contract.js'
import { budgetsOf } from '../default-budgets.js'
import { RenderError } from '../contract.js'
import type { MediaContext, StyledDocument } from '../document/styled-tree.js'
import { inRenderScope } from '../layout/render-scope.js'
import { withYoga } from '../layout/yoga.js'
import type { ImageLoadOptions, ImageStore } from '../resources/index.js'
import { checkImageLimits } from './check-image-limits.js'
import { DocumentHeight, withSvgHeight } from './document-height.js'
import { layoutRaster } from './layout-raster.js'
import { pageWidth } from './page-width.js'
import { rasterizeSvg, type Raster } from './rasterize-svg.js'
import { satoriFonts } from './satori-fonts.js'
import { satoriRoot } from './satori-root.js'
import { Warnings } from './warnings.js'

/** `vh` and the fixed-height capture use this when no height is asked for, as Chromium's 800×1200 references. */
export const DEFAULT_VIEWPORT_HEIGHT = 1200

/** The stages before the back-end, passed in so the back-end can be tested and benchmarked alone. */
export interface FrontEnd {
  renderDocumentHtml(args: { source: DocumentSource; data: unknown; limits: RenderLimits }): Promise<string>
  buildStyledDocument(html: string, media: MediaContext, budgets?: RenderBudgets): StyledDocument
  loadImages(doc: StyledDocument, policy: FetchPolicy, options?: ImageLoadOptions): Promise<ImageStore>
}

export interface PageRequest {
  source: DocumentSource
  data: unknown
  limits: RenderLimits
  fetch: FetchPolicy
  /** CSS px; undefined = paper width. */
  width?: number
  /** CSS px of the viewport; undefined = DEFAULT_VIEWPORT_HEIGHT. */
  height?: number
  fullPage: boolean
  scale: number
  /**
   * Text as satori's glyph outlines (true, the default) or as <text> that resvg shapes again from the font
   * files (false). Outlines measured faster: 120 ms against 166 ms for a text-heavy A4 page, because resvg
   * shapes every <text> element (one per word) again; see image.bench.ts.
   */
  embedFont?: boolean
  /**
   * 'layout' (the default): the PDF engine's layout painted as SVG — the same boxes, line breaks and table
   * columns as the PDF, and about four times less work than satori for a text-heavy page (see README).
   * 'satori': the styled tree mapped onto satori's element tree.
   */
  engine?: 'layout' | 'satori'
}

export interface RenderedPage extends Raster {
  /** Size in CSS px (the unscaled image). */
  cssWidth: number
  cssHeight: number
  warnings: string[]
}

function styledDocument(front: FrontEnd, html: string, request: PageRequest, viewportHeight: number): { doc: StyledDocument; width: number } {
  const media = (width: number): MediaContext => ({ type: 'screen', width, height: viewportHeight })
  const budgets = budgetsOf(request.limits)
  const buildStyledDocument = (html: string, media: MediaContext) => front.buildStyledDocument(html, media, budgets)
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
  const html = await front.renderDocumentHtml({ source: request.source, data: request.data, limits: request.limits })
  if (html.length > request.limits.maxHtmlChars) {
    throw new RenderError('QUIRE_ERR_RENDER_HTML_LIMIT', `rendered HTML has ${html.length} characters; the limit is ${request.limits.maxHtmlChars}`)
  }
  const viewportHeight = Math.round(request.height ?? DEFAULT_VIEWPORT_HEIGHT)
  const { doc, width: rawWidth } = styledDocument(front, html, request, viewportHeight)
  const width = Math.round(rawWidth)
  checkImageLimits(Math.round(width * request.scale), Math.round(viewportHeight * request.scale), request.limits)

  const warnings = new Warnings()
  doc.warnings.forEach((w) => warnings.add(w))
  // Bitmaps are kept at most as wide as the image's pixels (at least 2 px per CSS px): the most they can be drawn.
  const images = await front.loadImages(doc, request.fetch, { budgets: budgetsOf(request.limits), maxWidth: width * Math.max(2, request.scale) })
  if ((request.engine ?? 'layout') === 'layout') {
    const laidWarnings: string[] = []
    const raster = layoutRaster({
      doc, images, warnings: laidWarnings, width, viewportHeight, fullPage: request.fullPage, scale: request.scale, limits: request.limits,
    })
    laidWarnings.forEach((w) => warnings.add(w))
    return { pixels: raster.pixels, width: raster.width, height: raster.height, cssWidth: width, cssHeight: raster.cssHeight, warnings: warnings.list }
  }
  const { root, canvas } = satoriRoot(doc, { images, warnings }, width, viewportHeight)

  const height = new DocumentHeight()
  // Satori leaves out boxes below its canvas, so a full page is laid out on the tallest canvas the limits
  // allow (the layout itself only sees the viewport-sized root) and the SVG is cut to the content after.
  const canvasHeight = request.fullPage
    ? Math.max(viewportHeight, Math.floor(request.limits.maxImageDimension / request.scale))
    : viewportHeight
  let svg: string
  try {
    svg = await satori(root as never, {
      width,
      height: canvasHeight,
      fonts: satoriFonts(),
      embedFont: request.embedFont ?? true,
      pointScaleFactor: request.scale,
      onNodeDetected: height.onNode,
      onStyleError: (error) => warnings.add(`unsupported style in image: ${error.message.split('\n')[0]}`),
    })
  } catch (error) {
    throw new RenderError('QUIRE_ERR_RENDER_FAILED', `image layout failed: ${(error as Error).message}`)
  }
  const cssHeight = request.fullPage ? Math.max(viewportHeight, Math.ceil(height.bottom - 0.01)) : viewportHeight
  if (cssHeight !== canvasHeight) svg = withSvgHeight(svg, width, cssHeight)
  checkImageLimits(Math.round(width * request.scale), Math.round(cssHeight * request.scale), request.limits)

  const raster = rasterizeSvg(svg, request.scale, canvas)
  return { ...raster, cssWidth: width, cssHeight, warnings: warnings.list }
}
