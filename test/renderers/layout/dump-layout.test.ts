// Layout tests that read like the bug: every box fragment carries the element it was made for, and the
// product's dumpLayout (renderers/layout/dump-layout.ts) gives each box as that element (tag#id.classes) with
// x, y, width and height, and each line of text, so a test states the whole layout it expects; and a layout
// that warns fails its test unless the test says it expects warnings (test/helpers/layout-html.ts).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('dumpLayout: one line per box and per line of text, named by the element it comes from', async (t) => {
  const { dump, box } = await layoutHtml('<body style="margin:0"><div id="a" class="note wide" style="height:50px;width:100px"></div><p style="margin:0">Hi there</p></body>', { width: 400 })
  t.equal(dump(), [
    'html 0 0 400 68',
    '  body 0 0 400 68',
    '    div#a.note.wide 0 0 100 50',
    '    p 0 50 400 18',
    '      "Hi there" 0 50 51.98 18',
  ].join('\n'))
  t.same(box('a').classes, ['note', 'wide'])
})

t.test('elements that share one computed style are still told apart; inline boxes and table rows are named', async (t) => {
  const html = '<body style="margin:0">\n<p class="x">one</p>\n<p class="x">two <span id="s" style="background:yellow">hi</span></p>\n'
    + '<table style="border-spacing:0"><tr id="r" style="background:red"><td style="padding:0">c</td></tr></table>\n</body>'
  const laid = await layoutHtml(html, { width: 400 })
  const names = laid.dump().split('\n').map((l) => l.trim().split(' ')[0])
  t.same(names.filter((n) => n.startsWith('p')), ['p.x', 'p.x'], 'two paragraphs with one style object, both named')
  t.ok(names.includes('span#s'), 'the inline box with a background is the span')
  t.ok(names.includes('tr#r'), 'the row background is the tr')
  t.equal(laid.box('s').tag, 'span')
})

t.test('with lines, each element says where its start tag is in the HTML', async (t) => {
  const { dump } = await layoutHtml('<body style="margin:0">\n  <div id="a" style="height:10px"></div>\n<p style="margin:0">x</p></body>', { width: 400 })
  const lines = dump({ lines: true }).split('\n')
  t.match(lines, [/^html 0 0 400/, /^ {2}body @1:1 /, /^ {4}div#a @2:3 0 0 400 10$/, /^ {4}p @3:1 0 10 400 18$/, /^ {6}"x" /], 'implied html has no line; body, div and p have theirs')
})

t.test('a layout that warns fails the test unless it opts out', async (t) => {
  const html = '<div style="display: grid-lanes">x</div>'
  await t.rejects(layoutHtml(html), /layout warned \(pass allowWarnings: true to expect it\): unsupported or invalid CSS value "display: grid-lanes" ignored/)
  const { warnings } = await layoutHtml(html, { allowWarnings: true })
  t.match(warnings, [/display: grid-lanes/])
})
