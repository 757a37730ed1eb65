// `@page { background }`: Chromium 156 (printToPDF with printBackground) paints the page box's background
// colour over the whole sheet, margins included, under the document, per page as the @page rules match it;
// `var()` in it takes the root's custom properties (weasyprint-report's orange chapter page). Sampled through
// pdftoppm at 10 dpi: Chromium's PDF of this HTML has red pages 1 and 3 (corner and centre) and a blue page 2.
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const HTML = `<!doctype html><style>:root{--blue:rgb(0,0,255)} @page{background:rgb(255,0,0);margin:1in}
  @page big{background-color:var(--blue)} body{margin:0} .n{page:big}</style>
  <p>red page</p><div class=n>blue page</div><div style="break-before:page;background:rgb(0,255,0)">green box</div>`

async function pixels(bytes: Uint8Array, page: number): Promise<{ corner: number[]; centre: number[] }> {
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '10', '-png', '-singlefile', '-f', `${page}`, '-l', `${page}`, p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
  return { corner: at(1, 1), centre: at(info.width >> 1, info.height >> 1) }
}

t.test('the @page background colour covers each page, margins included', async (t) => {
  const out = await renderPdf(pdfTask(HTML, { kind: 'html' }))
  const expected: Array<[number, number[]]> = [[1, [255, 0, 0]], [2, [0, 0, 255]], [3, [255, 0, 0]]]
  for (const [page, rgb] of expected) {
    const { corner, centre } = await pixels(out.bytes, page)
    t.same(corner, rgb, `page ${page}'s margin corner`)
    t.same(centre, rgb, `page ${page}'s centre`)
  }
})
