// Satori engine: resvg must draw <text> with the same faces satori measured with: the text-as-<text> render
// is compared with satori's own glyph outlines (embedFont: true).
import t from 'tap'
import { renderPage, type FrontEnd } from '../../../renderers/image/render-page.js'
import { el, LIMITS, page, px, source, text } from './fixtures/styled-page.js'

const families = [['Arial'], ['Times New Roman'], ['Courier New'], ['monospace'], ['system-ui']]
const doc = page(families.map((f, i) =>
  el('p', { fontFamily: f, fontSize: 24, fontWeight: i % 2 ? 700 : 400, fontStyle: i === 2 ? 'italic' : 'normal', marginTop: px(4) }, [text(`${f[0]}: Wavy quick jumps 0123`)])))
const front: FrontEnd = { renderDocumentHtml: async () => '', buildStyledDocument: () => doc, loadImages: async () => new Map() }
const request = { source: source(), data: {}, limits: LIMITS, fetch: { allowHosts: [], timeoutMs: 1, maxBytes: 1 }, width: 500, height: 200, fullPage: false, scale: 1 }

t.test('text drawn by resvg matches satori glyph outlines for every family', async (t) => {
  const asText = await renderPage(front, { ...request, engine: 'satori', embedFont: false })
  const asPaths = await renderPage(front, { ...request, engine: 'satori', embedFont: true })
  t.equal(asText.width, asPaths.width)
  let ink = 0
  let differ = 0
  for (let i = 0; i < asText.pixels.length; i += 4) {
    const a = asText.pixels[i]
    const b = asPaths.pixels[i]
    if (a < 200 || b < 200) {
      ink++
      if (Math.abs(a - b) > 96) differ++
    }
  }
  t.ok(ink > 2000, `${ink} ink pixels`)
  t.ok(differ / ink < 0.05, `${((differ / ink) * 100).toFixed(1)}% of ink pixels differ`)
})
