// Quire's image back-end: styled tree → layout (renderers/layout, screen) → display list → SVG → resvg → sharp.
//   renderImage: one PNG or JPEG (optionally one clip, optionally with a circular mask)
//   renderClips: the page rendered once, every clip cut from it, all in one ZIP with a manifest
import type { ClipsTask, ImageTask, RenderOutput } from '../contract.js'
import { buildStyledDocument } from '../document/index.js'
import { loadImagesWithWarnings } from '../resources/index.js'
import { renderDocumentHtml } from '../template/index.js'
import type { FrontEnd } from './render-page.js'
import { renderClipsWith, renderImageWith } from './render-image.js'

const FRONT_END: FrontEnd = { renderDocumentHtml, buildStyledDocument, loadImages: loadImagesWithWarnings }

export function renderImage(task: ImageTask): Promise<RenderOutput> {
  return renderImageWith(FRONT_END, task)
}

export function renderClips(task: ClipsTask): Promise<RenderOutput> {
  return renderClipsWith(FRONT_END, task)
}
