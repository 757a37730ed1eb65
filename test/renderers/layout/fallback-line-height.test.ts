// A line whose glyphs come from a fallback face (Thai or CJK in Noto beside the Arial/Times of the element)
// is as tall as a set line-height says: in Chromium the fallback face's ascent and descent enlarge the line
// only under `line-height: normal`. Checked on Chromium 156: Japanese in Noto Sans JP with `font: 10pt serif;
// line-height: 1.8` steps 24 px a line (Quire stepped 25 px, so a page of Japanese ran about a line longer).
import t from 'tap'
import { layoutHtml, type LaidFrag } from '../../helpers/layout-html.js'

function lineTops(frag: LaidFrag, out: number[] = []): number[] {
  if (frag.kind === 'text') {
    if (frag.text.trim() && !out.some((y) => Math.abs(y - frag.y) < 0.01)) out.push(frag.y)
  } else frag.children.forEach((c) => lineTops(c, out))
  return out
}

t.test('a set line-height: lines of fallback-face text step by it exactly', async (t) => {
  const { root } = await layoutHtml('<body style="margin:0"><div style="width:150px;font:16px/24px Arial">Thai ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย</div>', { width: 400 })
  const tops = lineTops(root)
  t.ok(tops.length >= 3, `${tops.length} lines`)
  t.same(tops.map((y, i) => Math.round((y - i * 24) * 100) / 100), tops.map(() => 0), `tops ${tops.join(', ')}`)
})

t.test('line-height: normal still makes room for the fallback face', async (t) => {
  const latin = lineTops((await layoutHtml('<body style="margin:0"><div style="width:150px;font:16px Arial">Latin text only here and more text here</div>', { width: 400 })).root)
  const thai = lineTops((await layoutHtml('<body style="margin:0"><div style="width:150px;font:16px Arial">ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย</div>', { width: 400 })).root)
  t.ok(thai[1] - thai[0] > latin[1] - latin[0] + 1, `Thai lines ${thai[1] - thai[0]} px apart, Latin ${latin[1] - latin[0]} px`)
})
