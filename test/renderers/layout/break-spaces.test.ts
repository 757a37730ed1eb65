// white-space: break-spaces (CSS Text 3 §3): preserved spaces take their width at the end of a line (they do
// not hang as pre-wrap's do) and a line may break after every one of them, between spaces too.
import t from 'tap'
import { layoutHtml, type LaidOut, type LaidText } from '../../helpers/layout-html.js'

// DejaVu Sans Mono at 32 px: every character is 19.27 px wide, so a 78 px box holds four.
const doc = (ws: string) => `<!DOCTYPE html><body style="margin:0">
  <div style="font:32px 'DejaVu Sans Mono';width:78px;white-space:${ws}">123    8</div>`

function lines(laid: LaidOut): Array<Pick<LaidText, 'text' | 'x' | 'y'>> {
  const out: Array<Pick<LaidText, 'text' | 'x' | 'y'>> = []
  const walk = (f: LaidOut['root']) => { for (const c of f.children) { if (c.kind === 'text') out.push({ text: c.text, x: c.x, y: c.y }); else walk(c) } }
  walk(laid.root)
  return out
}

t.test('break-spaces: the first space ends the first line, the other three start the second before the 8', async (t) => {
  t.same(lines(await layoutHtml(doc('break-spaces'), { width: 400 })), [
    { text: '123 ', x: 0, y: 0 },
    { text: '   8', x: 0, y: 38 },
  ])
})

t.test('pre-wrap: the spaces hang after 123 and the 8 starts the second line', async (t) => {
  t.same(lines(await layoutHtml(doc('pre-wrap'), { width: 400 })).map((l) => l.text.trimEnd()), ['123', '8'])
})
