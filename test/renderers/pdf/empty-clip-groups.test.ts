// A clip (overflow, rounded corners), fade or transform is written on a page only when something inside it shows
// there: a long document of rounded code blocks wrote every block's clip path on every page.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText, withPdf } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'
import { pdfTask } from './fixtures.js'

await needsForFile({ tools: ['pdftoppm', 'pdftotext', 'qpdf'] })

const BLOCKS = 40
const html = '<style>pre { overflow: hidden; border-radius: 6px; background: #eee; height: 120px; margin: 20px 0 }' +
  ' .wide { width: 2000px; background: #c00; height: 10px } .fade { opacity: .5 }</style>' +
  Array.from({ length: BLOCKS }, (_, i) => `<pre>block ${i + 1}<div class="wide"></div><span class="fade">faded ${i + 1}</span></pre>`).join('')

/** Each page's content stream, uncompressed. */
function pageContents(bytes: Uint8Array): string[] {
  const qdf = withPdf(bytes, (p) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', p, '-'], { encoding: 'latin1' }))
  return [...qdf.matchAll(/%% Contents for page (\d+)\n[^]*?stream\n([^]*?)endstream/g)]
    .sort((a, b) => Number(a[1]) - Number(b[1])).map((m) => m[2])
}

t.test('each page writes the clips and fades of the blocks it shows, and all of them still clip and fade', async (t) => {
  const { bytes } = await renderPdf(pdfTask(html))
  const pages = pageContents(bytes)
  t.ok(pages.length >= 5, `${pages.length} pages`)
  let shown = 0
  pages.forEach((content, i) => {
    const blocks = [...pdfText(bytes, i + 1).matchAll(/block (\d+)/g)].length
    shown += blocks
    // The page's own clip, and per block its rounded clip and background (4 curves each).
    const clips = (content.match(/\nW n\n/g) ?? []).length
    t.ok(clips <= blocks + 3, `page ${i + 1}: ${clips} clips for ${blocks} blocks`)
    t.ok((content.match(/ c\n/g) ?? []).length <= 8 * (blocks + 1), `page ${i + 1}: only its blocks' rounded corners`)
  })
  t.ok(shown >= BLOCKS, 'every block is printed')
  const text = pdfText(bytes)
  t.match(text, /faded 1\b/)
  t.match(text, new RegExp(`faded ${BLOCKS}\\b`))
  // The wide red bar is cut at the block's edge: nothing red right of the page's content area on page 1.
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '48', '-png', '-f', '1', '-l', '1', '-singlefile', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let red = 0, redOutside = 0
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3
      if (data[i] > 150 && data[i + 1] < 80 && data[i + 2] < 80) {
        red++
        if (x > info.width - 20) redOutside++
      }
    }
  }
  t.ok(red > 0, 'the bars show inside their blocks')
  t.equal(redOutside, 0, 'and are clipped at the blocks\' edge')
})
