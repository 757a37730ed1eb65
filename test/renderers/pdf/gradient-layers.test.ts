// Gradient background layers sized with background-size, as real templates draw link underlines and
// highlighter marks on inline elements: each layer painted in its own tiles, top layer first, never as an
// opaque box over the text (Chromium 156 draws the same snippets as thin lines). PDF through pdftoppm, PNG
// from the image back-end; where to look comes from the inline box's own fragment.
import t from 'tap'
import type { Test } from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { layoutHtml } from '../../helpers/layout-html.js'
import { pdfTask } from './fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const LINK = '<a id=l style="color:#000;text-decoration:none;background:linear-gradient(#fff,#fff) 0 100%/6px 2px no-repeat,' +
  'linear-gradient(#f00,#f00) 0 100%/1px 2px repeat-x">underlined link</a>'
const page = `<!DOCTYPE html><style>body{margin:0;font:20px/30px "Liberation Sans"}</style><body><p style="margin:0">Read the ${LINK} here.</p>`

type At = (x: number, y: number) => number[]
const isRed = (c: number[]) => c[0] > 200 && c[1] < 90 && c[2] < 90
const isWhite = (c: number[]) => c[0] > 240 && c[1] > 240 && c[2] > 240

async function raster(png: Buffer, offset: number): Promise<At> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x, y) => [...data.subarray(((offset + y) * info.width + offset + x) * 3, ((offset + y) * info.width + offset + x) * 3 + 3)]
}

function check(t: Test, at: At, link: { x: number; y: number; w: number; h: number }) {
  const bottom = Math.floor(link.y + link.h - 1)
  const mid = Math.round(link.x + link.w / 2)
  t.ok(isRed(at(mid, bottom)), `the red layer is a line at the bottom of the link (${at(mid, bottom)})`)
  t.ok(isWhite(at(Math.round(link.x + 2), bottom)), 'the white layer above it covers its start')
  let red = 0
  for (let y = Math.ceil(link.y); y < bottom - 2; y++) for (let x = Math.ceil(link.x); x < link.x + link.w; x++) if (isRed(at(x, y))) red++
  t.equal(red, 0, 'nothing red over the text: the layers are not an opaque box')
}

t.test('the inline box the layers paint: its fragment spans the link text on the line', async (t) => {
  const { box } = await layoutHtml(page, { width: 600 })
  const link = box('l')
  t.ok(link.w > 100 && link.h > 20 && link.h < 30, `link box ${JSON.stringify({ w: link.w, h: link.h })}`)
})

t.test('PDF: a link underline drawn with two gradient layers', async (t) => {
  const { box } = await layoutHtml(page, { width: 600 })
  const bytes = (await renderPdf(pdfTask(page, { kind: 'html' }))).bytes
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', p]))
  check(t, await raster(png, 37), box('l'))
})

t.test('PNG: the same underline from the image back-end', async (t) => {
  const { box } = await layoutHtml(page, { width: 600, medium: 'screen' })
  const out = await renderImage(imageTask({ width: 600, height: 100, fullPage: false }, source(page)))
  check(t, await raster(Buffer.from(out.bytes), 0), box('l'))
})

t.test('a highlighter mark (one gradient over the lower 40%) leaves the upper part of the text clear', async (t) => {
  const html = '<!DOCTYPE html><style>body{margin:0;font:20px/30px "Liberation Sans"}</style><body><span id=h style="background:linear-gradient(#f00,#f00) 0 100%/100% 40% no-repeat">marker highlight</span>'
  const { box } = await layoutHtml(html, { width: 600, medium: 'screen' })
  const out = await renderImage(imageTask({ width: 600, height: 60, fullPage: false }, source(html)))
  const at = await raster(Buffer.from(out.bytes), 0)
  const h = box('h')
  t.ok(isRed(at(Math.round(h.x + 1), Math.floor(h.y + h.h - 2))), 'red at the bottom')
  t.ok(isWhite(at(Math.round(h.x + 1), Math.ceil(h.y + 1))), 'white at the top')
})
