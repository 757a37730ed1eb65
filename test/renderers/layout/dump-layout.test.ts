// Layout tests that read like the bug: dumpLayout gives each box as its element (tag#id.classes) with x, y,
// width and height, and each line of text, so a test states the whole layout it expects; and a layout that
// warns fails its test unless the test says it expects warnings (test/helpers/layout-html.ts).
import t from 'tap'
import { dumpLayout, layoutHtml } from '../../helpers/layout-html.js'

t.test('dumpLayout: one line per box and per line of text, named by the element it comes from', async (t) => {
  const { root, box } = await layoutHtml('<body style="margin:0"><div id="a" class="note wide" style="height:50px;width:100px"></div><p style="margin:0">Hi there</p></body>', { width: 400 })
  t.equal(dumpLayout(root), [
    'html 0 0 400 68',
    '  body 0 0 400 68',
    '    div#a.note.wide 0 0 100 50',
    '    p 0 50 400 18',
    '      "Hi there" 0 50 51.98 18',
  ].join('\n'))
  t.same(box('a').classes, ['note', 'wide'])
})

t.test('a layout that warns fails the test unless it opts out', async (t) => {
  const html = '<div style="display: grid-lanes">x</div>'
  await t.rejects(layoutHtml(html), /layout warned \(pass allowWarnings: true to expect it\): unsupported or invalid CSS value "display: grid-lanes" ignored/)
  const { warnings } = await layoutHtml(html, { allowWarnings: true })
  t.match(warnings, [/display: grid-lanes/])
})
