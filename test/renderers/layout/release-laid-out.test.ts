// A long document does not keep what layout measured of every paragraph and table cell to the end of layout:
// once a cell or a paragraph is laid out in the document's flow, its cut text and intrinsic widths go
// (renderers/layout/release-laid-out.ts), and the layout stays what it was (a cell or paragraph measured for a
// shrink-to-fit, flex or grid pass keeps its measurements for the pass that lays it out). Only a long document
// lets go: a table past RELEASE_AFTER_ROWS rows, paragraphs past HELD_CUT_TEXTS held (a small render keeps them).
import t from 'tap'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import { fontStore } from '../../../renderers/fonts/font-store.js'
import { heldCutTexts } from '../../../renderers/layout/inline-units.js'
import { heldIntrinsics } from '../../../renderers/layout/intrinsic-cache.js'
import { layoutDocument } from '../../../renderers/layout/layout-document.js'
import { inRenderScope } from '../../../renderers/layout/render-scope.js'
import { HELD_CUT_TEXTS, RELEASE_AFTER_ROWS } from '../../../renderers/layout/release-laid-out.js'
import { Warnings } from '../../../renderers/warnings.js'
import { layoutHtml } from '../../helpers/layout-html.js'

const rows = (n: number) => Array.from({ length: n }, (_, i) => `<tr><td>2026-01-${(i % 28) + 1}</td><td>Payment number ${i}</td><td>${i * 3}.50</td></tr>`).join('')
const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of a long report, with words enough to wrap.</p>`).join('')

/** Lays a document out for print and says how many cut texts and intrinsic widths layout still holds. */
async function held(html: string): Promise<{ cut: number; intrinsic: number }> {
  return inRenderScope(async () => {
    const doc = buildStyledDocument(html, { type: 'print', width: 600, height: 800 })
    layoutDocument(doc, { fonts: fontStore(), images: new Map(), warnings: new Warnings() }, 600, 800)
    return { cut: heldCutTexts(), intrinsic: heldIntrinsics() }
  })
}

t.test('a long table and long prose leave no cut text or intrinsic widths of their cells and paragraphs', async (t) => {
  for (const collapse of ['separate', 'collapse']) {
    const after = await held(`<table style="border-collapse:${collapse}"><thead><tr><th>Date</th><th>Item</th><th>Amount</th></tr></thead><tbody>${rows(400)}</tbody></table>${paragraphs(1200)}`)
    // Without the release: one cut text per cell and per paragraph (2,400), an intrinsic width per cell (1,200).
    t.ok(after.cut <= HELD_CUT_TEXTS + 10, `${collapse}: cut texts held after layout: ${after.cut}`)
    t.ok(after.intrinsic < 10, `${collapse}: intrinsic widths held after layout: ${after.intrinsic}`)
  }
})

t.test('a small table and a few paragraphs keep their measurements to the end of their render', async (t) => {
  const after = await held(`<table><tbody>${rows(RELEASE_AFTER_ROWS)}</tbody></table>${paragraphs(20)}`)
  t.ok(after.cut >= RELEASE_AFTER_ROWS * 3 + 20, `cut texts held: ${after.cut}`)
  t.ok(after.intrinsic >= RELEASE_AFTER_ROWS * 3, `intrinsic widths held: ${after.intrinsic}`)
})

t.test('a table laid out again in the same render (a too-wide document) measures its cells again, to the same layout', async (t) => {
  const html = `<div style="width:900px"><table id=t style="border-collapse:collapse"><tr><td style="border:1px solid">Account holder name</td><td>1,234.50</td></tr>${rows(150)}</table></div>${paragraphs(5)}`
  const shrunk = await layoutHtml(html, { width: 600 })
  t.ok(shrunk.scale < 1, 'laid out twice: once at the page width, again at its own')
  const alone = await layoutHtml(html, { width: 600 / shrunk.scale })
  t.equal(alone.scale, 1)
  t.same(shrunk.box('t'), alone.box('t'))
  t.ok(shrunk.box('t').w > 200, `cells measured, not empty (table ${shrunk.box('t').w} px wide)`)
})
