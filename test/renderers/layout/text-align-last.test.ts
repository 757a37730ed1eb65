// text-align-last (CSS Text 3 §6.3): the last line of a paragraph and a line before a forced break align by
// it; auto keeps text-align, with a justified paragraph's last line at the start side.
import t from 'tap'
import { layoutHtml, type LaidOut, type LaidText } from '../../helpers/layout-html.js'

const doc = (style: string, body = 'one two<br>three four') =>
  `<!DOCTYPE html><body style="margin:0;font:16px 'DejaVu Sans'"><p style="width:300px;margin:0;${style}">${body}</p>`

function pieces(laid: LaidOut): LaidText[] {
  const out: LaidText[] = []
  const walk = (f: LaidOut['root']) => { for (const c of f.children) { if (c.kind === 'text') out.push(c); else walk(c) } }
  walk(laid.root)
  return out
}
/** The left and right edges of each line's ink, by line top. */
async function lines(style: string, body?: string): Promise<Array<[number, number]>> {
  const byTop = new Map<number, [number, number]>()
  for (const p of pieces(await layoutHtml(doc(style, body), { width: 400 }))) {
    if (!p.text.trim()) continue
    const line = byTop.get(p.y) ?? [Infinity, -Infinity]
    byTop.set(p.y, [Math.min(line[0], p.x), Math.max(line[1], p.x + p.w)])
  }
  return [...byTop.values()].map(([l, r]) => [Math.round(l), Math.round(r)])
}

t.test('auto: lines before a <br> and the last line of a justified paragraph start at the left', async (t) => {
  for (const [l] of await lines('text-align:justify')) t.equal(l, 0)
  for (const [, r] of await lines('text-align:justify')) t.ok(r < 200)
})

t.test('justify: both lines stretch from edge to edge', async (t) => {
  t.same(await lines('text-align-last:justify'), [[0, 300], [0, 300]])
})

t.test('end and center apply to the last lines only; the other lines keep text-align', async (t) => {
  const long = 'aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn'
  const end = await lines('text-align:justify;text-align-last:end', long)
  t.equal(end.length, 2)
  t.same(end[0], [0, 300])
  t.equal(end[1][1], 300)
  t.ok(end[1][0] > 0)
  const center = await lines('text-align-last:center', 'one')
  t.equal(center[0][0], 300 - center[0][1])
})

t.test('right-to-left: justify stretches the last line too; start puts it at the right', async (t) => {
  t.same(await lines('direction:rtl;text-align-last:justify'), [[0, 300], [0, 300]])
  for (const [, r] of await lines('direction:rtl;text-align:left;text-align-last:start')) t.equal(r, 300)
})
