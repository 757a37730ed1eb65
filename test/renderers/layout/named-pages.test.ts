// Named pages as layout sees them: a change of the `page` value between block siblings forces a break
// (Chromium 156 prints the same snippets on the same pages); the same name on consecutive boxes does not.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const pageTexts = (pages: Array<{ frags: Array<{ kind: string; text?: string }> }>) => pages.map((p) => p.frags.flatMap((f) => (f.kind === 'text' ? [f.text] : [])))

t.test('a change of page name breaks the page; the same name continues on it', async (t) => {
  const { pages } = await layoutHtml(`<!DOCTYPE html><style>.a { page: wide } .b { page: narrow }</style>
    <p>one</p><div class="a">two</div><div class="a">three</div><div class="b">four</div><p>five</p>`)
  t.same(pageTexts(pages), [['one'], ['two', 'three'], ['four'], ['five']])
})

t.test('the start and end page values of nested boxes decide, and the first box names the first page without a break', async (t) => {
  const { pages } = await layoutHtml(`<!DOCTYPE html><style>.a { page: wide }</style>
    <section><div class="a">one</div><p>two</p></section><section class="a"><p>three</p></section>`)
  t.same(pageTexts(pages), [['one'], ['two'], ['three']])
})

t.test('page: auto and unnamed boxes inside a named one do not break', async (t) => {
  const { pages } = await layoutHtml(`<!DOCTYPE html><style>.a { page: wide }</style>
    <div class="a"><p>one</p><p style="page:auto">two</p><span>three</span></div>`)
  t.same(pageTexts(pages), [['one', 'two', 'three']])
})

t.test('an image or a screen has no pages: page names do not break it', async (t) => {
  const laid = await layoutHtml('<!DOCTYPE html><p>one</p><p style="page:x">two</p>', { medium: 'screen' })
  t.equal(laid.pages.length, 1)
})

t.test('break-before: right/left/recto/verso break the page but insert no blank page (Chromium 156 prints none)', async (t) => {
  // Chromium: 3 pages, "two" on page 2 (a left page) although it asks for a right one.
  const { pages } = await layoutHtml(`<!DOCTYPE html><p>one</p><p style="break-before:right">two</p>
    <p style="break-before:verso">three</p><p style="break-before:recto">four</p>`)
  t.same(pageTexts(pages), [['one'], ['two'], ['three'], ['four']])
})
