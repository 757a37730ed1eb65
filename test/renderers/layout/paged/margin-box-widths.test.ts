// Margin boxes sharing a side (CSS Paged Media §5.3.2) as Chromium 156 prints them: widths follow the boxes'
// min- and max-content widths, the centre box stays centred, long content wraps in its share.
// Figures are Chromium's own (print-to-PDF of the same HTML, pdftotext -bbox), in pt, within 1 pt.
import t from 'tap'
import { renderPdf } from '../../../../renderers/render.js'
import { shareSide, shareTwo } from '../../../../renderers/layout/paged/margin-box-widths.js'
import { pdfTask } from '../../pdf/fixtures.js'
import { findWord, wordBoxes } from '../../../helpers/word-boxes.js'
import { needsForFile } from '../../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const HTML = `<!DOCTYPE html><html><head><style>
@page { size: 400px 300px; margin: 60px 50px; font: 10px "Liberation Sans";
  @top-left { content: "Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu" }
  @top-center { content: "Centre" }
  @top-right { content: "Right side text" }
  @bottom-left { content: "Bottom left words here and more words to wrap around the line" }
  @bottom-right { content: "BR" }
}
body { margin: 0 }
</style></head><body><p>x</p></body></html>`

t.test('three top boxes: the centre box keeps its width in the middle, the long left box wraps in what is left', async (t) => {
  const words = wordBoxes((await renderPdf(pdfTask(HTML, { kind: 'html' }))).bytes)
  const near = (text: string, x: number, y: number) => {
    const w = findWord(words, text)
    t.ok(Math.abs(w.x - x) < 1 && Math.abs(w.y - y) < 1, `${text} at ${w.x.toFixed(1)},${w.y.toFixed(1)} (Chromium ${x},${y})`)
  }
  // Chromium: "Alpha beta gamma delta / epsilon … iota / kappa lambda mu" in a 101 pt wide top-left box.
  near('Alpha', 37.5, 10.5)
  near('delta', 102.5, 10.5)
  near('epsilon', 37.5, 18.7)
  near('iota', 110.9, 18.7)
  near('kappa', 37.5, 27)
  near('Centre', 138.7, 18.7)
  near('Right', 215, 18.7)
  near('text', 250.4, 18.7)
  // Bottom: no centre box, so the left box takes nearly all the width and stays on one line.
  near('line', 235.1, 198.7)
  near('BR', 252.1, 198.7)
})

t.test('the sharing rules (§5.3.2)', async (t) => {
  t.same(shareTwo({ min: 10, max: 30 }, { min: 5, max: 10 }, 80), [60, 20], 'room for both: extra space in proportion to max-content')
  t.same(shareTwo({ min: 10, max: 110 }, { min: 10, max: 10 }, 70), [60, 10], 'between min and max: in proportion to max − min')
  t.same(shareTwo({ min: 30, max: 90 }, { min: 10, max: 20 }, 20), [15, 5], 'below min-content: in proportion to min-content')
  const one = shareSide(null, { min: 20, max: 40 }, null, 300)
  t.same(one.center, { offset: 0, width: 300 }, 'a centre box alone takes the whole side')
  const three = shareSide({ min: 10, max: 200 }, { min: 30, max: 30 }, { min: 10, max: 60 }, 300)
  t.same(three.center, { offset: 135, width: 30 }, 'the centre box is centred')
  t.same([three.start?.width, three.end?.offset], [135, 165], 'the side boxes take what is left on each side')
})
