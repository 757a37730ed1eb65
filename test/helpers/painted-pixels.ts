// The same body painted by both painters, read back as pixels: the PNG at 300 × 300 CSS px, and the PDF's first
// page rasterised by poppler at 96 dpi, offset by its default 37 px margins so both read the same coordinates.
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderImage, renderPdf } from '../../renderers/render.js'
import { withPdf } from './tools.js'
import { pdfTask } from '../renderers/pdf/fixtures.js'
import { imageTask, source } from '../renderers/image/fixtures/styled-page.js'

/** The colour (r, g, b) at a CSS px position of the painted body. */
export type At = (x: number, y: number) => number[]

/** Whether a colour is within 8 of the wanted one in every channel (antialiasing, the PDF's rasteriser). */
export const near = (c: number[], want: number[]) => c.every((v, i) => Math.abs(v - want[i]) <= 8)

async function pixels(image: Buffer | Uint8Array, offset: number): Promise<At> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x, y) => [...data.subarray(((offset + y) * info.width + offset + x) * 3, ((offset + y) * info.width + offset + x) * 3 + 3)]
}

export async function pngPixels(body: string): Promise<At> {
  const out = await renderImage(imageTask({ width: 300, height: 300, fullPage: false }, source(`<!doctype html><body style="margin:0">${body}`)))
  return pixels(out.bytes, 0)
}

/** Needs poppler's pdftoppm (declare it with needsForFile). */
export async function pdfPixels(body: string): Promise<At> {
  const bytes = (await renderPdf(pdfTask(`<!doctype html><body style="margin:0">${body}`, { kind: 'html' }))).bytes
  return pixels(withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', p])), 37)
}
