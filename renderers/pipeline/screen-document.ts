// The composition stage for the screen (PNG, JPEG, clips): the document prepared for a viewport of the
// image's width (the paper's when none is asked for) and laid out on one endless page, as Chromium's
// screenshots see it: `screen` media, vh = the viewport height (1200 px for a full page, as the 800×1200
// references), a document wider than the image cut at its right edge rather than shrunk.
import type { RenderLimits, RenderTask } from '../contract.js'
import type { PageRule } from '../document/styled-tree.js'
import { displayList } from '../layout/display-list.js'
import { layoutDocument } from '../layout/layout-document.js'
import { releaseLayoutCaches } from '../layout/render-scope.js'
import { sheetSize } from '../layout/paged/page-geometry.js'
import { checkImageLimits } from './check-image-limits.js'
import type { PreparedDocument, ScreenDocument } from './finished-document.js'
import { loadResources } from './load-resources.js'
import { styleDocument } from './style-document.js'

/** `vh` and the fixed-height capture use this when no height is asked for, as Chromium's 800×1200 references. */
export const DEFAULT_VIEWPORT_HEIGHT = 1200

const NO_PAGE_RULE: PageRule = { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }

export interface ScreenRequest {
  /** CSS px; undefined = the paper's width. */
  width?: number
  /** CSS px of the viewport; undefined = DEFAULT_VIEWPORT_HEIGHT. */
  height?: number
  /** The whole document (at least the viewport) rather than the viewport. */
  fullPage: boolean
  /** Device pixels per CSS px, for the image limits and for how wide bitmaps are kept. */
  scale: number
}

export async function screenDocument(task: RenderTask, request: ScreenRequest): Promise<ScreenDocument> {
  const viewportHeight = Math.round(request.height ?? DEFAULT_VIEWPORT_HEIGHT)
  const settings = task.source.settings
  // Without a width asked for, the image is as wide as the template's PDF page (its paper, or its own @page
  // size, as Chromium's print preview shows it), in whole px; media queries see that width.
  const width = (page: PageRule | null) => request.width ?? Math.round(sheetSize(settings, page ?? NO_PAGE_RULE).width)
  const source = await styleDocument(task, (page) => ({ type: 'screen', width: width(page), height: viewportHeight }))
  const pageWidth = Math.round(source.media.width)
  checkImageLimits(Math.round(pageWidth * request.scale), Math.round(viewportHeight * request.scale), task.limits)
  // Bitmaps are kept at most as wide as the image's pixels (at least 2 px per CSS px): the most they can be drawn.
  const prepared = await loadResources(task, source, { maxImageWidth: pageWidth * Math.max(2, request.scale) })
  return layOutScreen(prepared, { width: pageWidth, viewportHeight, fullPage: request.fullPage, scale: request.scale, limits: task.limits })
}

export interface ScreenPage { width: number; viewportHeight: number; fullPage: boolean; scale: number; limits: RenderLimits }

/** The prepared document on one page of the viewport's width; a full page as tall as the document (at least the viewport). */
export function layOutScreen(prepared: PreparedDocument, page: ScreenPage): ScreenDocument {
  const laid = layoutDocument(prepared.styled, prepared.engines, page.width, page.viewportHeight, 'screen')
  const height = page.fullPage ? Math.max(page.viewportHeight, Math.ceil(laid.height - 0.01)) : page.viewportHeight
  checkImageLimits(Math.round(page.width * page.scale), Math.round(height * page.scale), page.limits)
  const ops = displayList(laid.root)
  // Layout is done: what its caches hold (a third of a long document's layout) need not live while it is painted.
  releaseLayoutCaches()
  return { ...prepared, medium: 'screen', layout: laid, ops, width: page.width, height, canvas: laid.canvas }
}
