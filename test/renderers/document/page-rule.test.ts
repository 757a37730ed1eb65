import t from 'tap'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import { resolvePageRule } from '../../../renderers/document/page-rule.js'

const media = { type: 'print', width: 794, height: 1123 } as const
const page = (css: string) => buildStyledDocument(`<style>${css}</style>`, media)
const mm = 96 / 25.4
const near = (a: number | undefined | null, b: number): boolean => a != null && Math.abs(a - b) < 1e-6

t.test('@page size keywords and orientation', async (t) => {
  let p = page('@page { size: A4 }').page
  t.ok(near(p.size?.width, 210 * mm) && near(p.size?.height, 297 * mm))
  p = page('@page { size: A4 landscape }').page
  t.ok(near(p.size?.width, 297 * mm) && near(p.size?.height, 210 * mm))
  t.equal(p.orientation, 'landscape')
  p = page('@page { size: letter }').page
  t.same(p.size, { width: 816, height: 1056 })
  p = page('@page { size: legal portrait }').page
  t.same(p.size, { width: 816, height: 1344 })
  p = page('@page { size: ledger }').page
  t.same(p.size, { width: 1056, height: 1632 })
  p = page('@page { size: A5 }').page
  t.ok(near(p.size?.width, 148 * mm))
  p = page('@page { size: A3 }').page
  t.ok(near(p.size?.height, 420 * mm))
  p = page('@page { size: B5 }').page
  t.ok(near(p.size?.width, 176 * mm))
  p = page('@page { size: B4 }').page
  t.ok(near(p.size?.width, 250 * mm))
  p = page('@page { size: landscape }').page
  t.equal(p.size, null)
  t.equal(p.orientation, 'landscape')
  p = page('@page { size: 100mm 140mm }').page
  t.ok(near(p.size?.width, 100 * mm) && near(p.size?.height, 140 * mm))
  p = page('@page { size: 5in }').page
  t.same(p.size, { width: 480, height: 480 })
  t.same(page('').page, { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } })
})

t.test('@page margins', async (t) => {
  let p = page('@page { margin: 1in 2cm }').page
  t.same(p.margins.top, 96)
  t.ok(near(p.margins.right, 2 * 96 / 2.54))
  p = page('@page { margin: 0; margin-top: 10mm }').page
  t.ok(near(p.margins.top, 10 * mm))
  t.equal(p.margins.left, 0)
  p = page('@page { margin-left: 72pt }').page
  t.same(p.margins, { top: null, right: null, bottom: null, left: 96 })
})

t.test('qualified @page rules apply only to their pages; the plain rule is what images and DOCX use', async (t) => {
  const d = page('@page { size: A4; margin: 1cm; @left-top { content: "x" } } @page :first { margin: 5cm } @page chapter { size: A3 } @page ::nope { margin: 0 }')
  t.ok(near(d.page.margins.top, 96 / 2.54))
  t.ok(near(d.page.size?.width, 210 * mm))
  t.same(d.page.marginBoxes?.map((b) => b.position), ['left-top'])
  t.notOk(d.warnings.some((w) => w.includes(':first') || w.includes('chapter')))
  t.ok(d.warnings.some((w) => w.includes('::nope')), 'a selector that is not a page selector is reported')
  const rules = d.pageRules ?? []
  const first = resolvePageRule(rules, () => undefined, { index: 0, name: null, blank: false })
  t.ok(near(first.margins.top, 5 * 96 / 2.54))
  const second = resolvePageRule(rules, () => undefined, { index: 1, name: 'chapter', blank: false })
  t.ok(near(second.size?.width, 297 * mm) && near(second.margins.top, 96 / 2.54))
})

t.test('@page selectors cascade by specificity: name, then :first/:blank, then :left/:right, then source order', async (t) => {
  const d = page('@page chapter { margin-top: 30px } @page :left { margin-top: 20px; margin-left: 5px } @page :first { margin-top: 10px } @page { margin-top: 1px }')
  const at = (index: number, name: string | null) => resolvePageRule(d.pageRules ?? [], () => undefined, { index, name, blank: false }).margins
  t.equal(at(0, null).top, 10)
  t.equal(at(1, null).top, 20)
  t.equal(at(1, null).left, 5)
  t.equal(at(2, null).top, 1, 'the third page is a right page')
  t.equal(at(1, 'chapter').top, 30)
  t.equal(at(0, 'chapter').top, 30)
})

t.test('margin boxes inherit the @page font and colour; their declarations cascade per property', async (t) => {
  const d = page('@page { font-family: "Liberation Mono"; font-size: 10px; color: gray; @top-right-corner { content: "a"; color: red } } @page :first { @top-right-corner { font-weight: bold } }')
  const box = resolvePageRule(d.pageRules ?? [], () => undefined, { index: 0, name: null, blank: false }).marginBoxes?.[0]
  t.same(box, { position: 'top-right-corner', content: ['a'], css: 'color: red; font-weight: bold', inherited: 'font-family: "Liberation Mono"; font-size: 10px; color: gray' })
  t.notOk(d.warnings.some((w) => w.includes('font-family')))
})

t.test('top and bottom margin boxes keep strings and page counters; other content is ignored with a warning', async (t) => {
  const d = page(':root { --c: red } @page { @top-center { content: "Acme " counter(page) " / " counter(pages); color: var(--c) } @bottom-left { content: element(footer) } }')
  t.same(d.page.marginBoxes, [{ position: 'top-center', content: ['Acme ', { counter: 'page' }, ' / ', { counter: 'pages' }], css: 'color: red', inherited: '' }])
  t.ok(d.warnings.some((w) => w.includes('element(footer)')))
})

t.test('@page inside a non-matching @media does not apply', async (t) => {
  const d = buildStyledDocument('<style>@media screen { @page { size: A3 } }</style>', media)
  t.equal(d.page.size, null)
})
