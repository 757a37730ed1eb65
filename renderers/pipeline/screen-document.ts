// The composition stage for the screen (PNG, JPEG, clips): the document prepared for a viewport of the
// image's width (the paper's when none is asked for) and laid out on one endless page, as Chromium's
// screenshots see it: `screen` media, vh = the viewport height (1200 px for a full page, as the 800×1200
// references), a document wider than the image cut at its right edge rather than shrunk.
import type { RenderLimits, RenderTask } from '../contract.js'
import { displayList } from '../layout/display-list.js'
import { layoutDocument } from '../layout/layout-document.js'
import { checkImageLimits } from './check-image-limits.js'
import type { PreparedDocument, ScreenDocument } from './finished-document.js'
import { loadResources } from './load-resources.js'
import { pageWidth } from './page-width.js'
import { styleDocument } from './style-document.js'

/** `vh` and the fixed-height capture use this when no height is asked for, as Chromium's 800×1200 references. */
export const DEFAULT_VIEWPORT_HEIGHT = 1200

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
  // The document's @page size only becomes known after parsing; media queries must see the final width.
  const source = await styleDocument(task, (page) => ({ type: 'screen', width: request.width ?? pageWidth(settings, page), height: viewportHeight }))
  const width = Math.round(source.media.width)
  checkImageLimits(Math.round(width * request.scale), Math.round(viewportHeight * request.scale), task.limits)
  // Bitmaps are kept at most as wide as the image's pixels (at least 2 px per CSS px): the most they can be drawn.
  const prepared = await loadResources(task, source, { maxImageWidth: width * Math.max(2, request.scale) })
  return layOutScreen(prepared, { width, viewportHeight, fullPage: request.fullPage, scale: request.scale, limits: task.limits })
}

export interface ScreenPage { width: number; viewportHeight: number; fullPage: boolean; scale: number; limits: RenderLimits }

/** The prepared document on one page of the viewport's width; a full page as tall as the document (at least the viewport). */
export function layOutScreen(prepared: PreparedDocument, page: ScreenPage): ScreenDocument {
  const laid = layoutDocument(prepared.styled, prepared.engines, page.width, page.viewportHeight, 'screen')
  const height = page.fullPage ? Math.max(page.viewportHeight, Math.ceil(laid.height - 0.01)) : page.viewportHeight
  checkImageLimits(Math.round(page.width * page.scale), Math.round(height * page.scale), page.limits)
  return { ...prepared, medium: 'screen', layout: laid, ops: displayList(laid.root), width: page.width, height, canvas: laid.canvas }
}
