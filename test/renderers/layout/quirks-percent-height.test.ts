// Chromium's percentage height quirk (documents without a doctype): a percentage height under auto-height
// blocks resolves against the nearest definite height, the initial containing block (the page area, the
// viewport) at last; html and body stretch to it, less their own edges. Positioned boxes, table cells and
// flex containers stop the walk. Heights are Chromium 156's offsetHeight for the same snippets (300 px
// viewport); html-pdf-businesscard's `.page { height: 100% }` cards are one page tall because of it.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const at = async (html: string) => (await layoutHtml(html, { width: 300, height: 300, medium: 'screen' })).box('a')

t.test('quirks mode: a percentage height under auto-height blocks resolves against the initial containing block', async (t) => {
  t.match(await at('<body style="margin:0"><div><div id=a style="height:50%"></div></div>'), { h: 150 })
  t.match(await at('<body style="margin:10px"><div id=a style="height:100%"></div>'), { h: 280 }, 'the body\'s margins are taken off')
  t.match(await at('<body style="margin:0"><div style="height:100px"><div><div id=a style="height:50%"></div></div></div>'), { h: 50 },
    'the nearest definite height wins')
})

t.test('quirks mode: positioned boxes, table cells and flex containers stop the walk; a doctype turns it off', async (t) => {
  t.match(await at('<!DOCTYPE html><body style="margin:0"><div><div id=a style="height:50%"></div></div>'), { h: 0 })
  t.match(await at('<body style="margin:0"><div style="position:absolute"><div id=a style="height:50%;width:10px"></div></div>'), { h: 0 })
  t.match(await at('<body style="margin:0"><table><tr><td><div id=a style="height:50%;width:10px"></div></td></tr></table>'), { h: 0 })
  t.match(await at('<body style="margin:0"><div style="display:flex"><div><div id=a style="height:50%;width:10px"></div></div></div>'), { h: 0 })
})

t.test('quirks mode: a table cell\'s child hands its children no percentage base, the cell\'s height still counts for the child', async (t) => {
  t.match(await at('<body style="margin:0"><div style="display:table-cell;height:100px"><div style="width:100px"><div id=a style="height:100%"></div></div></div>'), { h: 0 })
  t.match(await at('<body style="margin:0"><div style="display:table-cell;height:100px"><div id=a style="height:50%;width:10px"></div></div>'), { h: 50 })
})

t.test('print: lines clipped away by an overflow: hidden box make no pages', async (t) => {
  const lines = Array.from({ length: 60 }, (_, i) => `<p>line ${i}</p>`).join('')
  const { pages } = await layoutHtml(`<!DOCTYPE html><body style="margin:0"><div style="height:100vh;overflow:hidden">${lines}</div>`, { width: 300, height: 300 })
  t.equal(pages.length, 1, 'Chromium prints the 100vh clipped wrapper on one page')
})
