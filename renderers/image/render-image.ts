// The image and clips renders, with the front-end stages passed in (index.ts wires the real ones).
import type { ClipsTask, ImageTask, RenderOutput } from '../contract.js'
import { clipNames } from './clip-names.js'
import { clipRect } from './clip-rect.js'
import { clipsZip } from './clips-zip.js'
import { encodeImage, type EncodedImage } from './encode-image.js'
import { recycleRasterBuffer } from './raster-buffer.js'
import { renderPage, type FrontEnd } from './render-page.js'
import { validateClipsOptions, validateImageOptions } from './validate-options.js'

const CONTENT_TYPE = { png: 'image/png', jpeg: 'image/jpeg' } as const
const EXTENSION = { png: 'png', jpeg: 'jpg' } as const

export async function renderImageWith(front: FrontEnd, task: ImageTask): Promise<RenderOutput> {
  const options = task.image
  validateImageOptions(options)
  const page = await renderPage(front, {
    source: task.source, data: task.data, limits: task.limits, fetch: task.fetch, fontDir: task.fontDir,
    width: options.width,
    height: options.fullPage ? undefined : options.height,
    fullPage: options.fullPage,
    scale: options.scale,
  })
  const clip = options.clip ? clipRect(options.clip, 'clip', page, options.scale) : undefined
  const image = await encodeImage(page, { format: options.format, quality: options.quality, clip, circular: options.clip?.circular })
  recycleRasterBuffer(page.pixels)
  return { bytes: image.bytes, contentType: CONTENT_TYPE[image.format], extension: EXTENSION[image.format], warnings: page.warnings }
}

export async function renderClipsWith(front: FrontEnd, task: ClipsTask): Promise<RenderOutput> {
  const options = task.clips
  validateClipsOptions(options, task.limits)
  const names = clipNames(options.clips)
  const page = await renderPage(front, {
    source: task.source, data: task.data, limits: task.limits, fetch: task.fetch, fontDir: task.fontDir,
    width: options.width,
    fullPage: true,
    scale: options.scale,
  })
  // Every rectangle is checked before any is encoded, so a bad clip fails fast.
  const rects = options.clips.map((clip, i) => clipRect(clip, names[i], page, options.scale))
  const images: EncodedImage[] = []
  for (const [i, clip] of options.clips.entries()) {
    images.push(await encodeImage(page, {
      format: clip.format ?? options.format,
      quality: options.quality,
      clip: rects[i],
      circular: clip.circular,
    }))
  }
  recycleRasterBuffer(page.pixels)
  const zip = await clipsZip(images.map((image, i) => ({ name: names[i], image })), task.now ? new Date(task.now) : new Date())
  return { bytes: zip, contentType: 'application/zip', extension: 'zip', warnings: page.warnings }
}
