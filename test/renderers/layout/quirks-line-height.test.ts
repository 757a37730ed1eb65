// Chromium's line height quirk (documents without a doctype): a line holding only images — in a table cell,
// a div, inside a span — is as tall as the images, with no strut and no descender gap below them; with text
// on the line, or with a doctype, the strut counts. Heights are Chromium 156's for the same snippets
// (pdftotext -bbox of the text below each: 50 px in quirks mode, 54 px with a doctype).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const IMG = '<img width=100 height=50>'
const doc = (doctype: boolean, body: string) => `${doctype ? '<!DOCTYPE html>' : ''}<html><body style="margin:0;font:16px 'Liberation Sans'">${body}`

t.test('quirks mode: a cell or a div with only an image is as tall as the image', async (t) => {
  const { box } = await layoutHtml(doc(false, `<table cellspacing=0 cellpadding=0><tr><td id=c style="color:#010101">${IMG}</td></tr></table>
    <div id=d>${IMG}</div><table cellspacing=0 cellpadding=0><tr><td id=s style="color:#020202"><span>${IMG}</span></td></tr></table>
    <table cellspacing=0 cellpadding=0><tr><td id=m style="line-height:30px"><img width=100 height=50 style="vertical-align:middle"></td></tr></table>`))
  t.match(box('c'), { h: 50 })
  t.match(box('d'), { h: 50 })
  t.match(box('s'), { h: 50 }, 'inside a span without padding or borders too')
  t.match(box('m'), { h: 50 }, 'a middle-aligned image')
})

t.test('with a doctype, or with text on the line, the strut keeps its descender gap', async (t) => {
  const std = await layoutHtml(doc(true, `<table cellspacing=0 cellpadding=0><tr><td id=c>${IMG}</td></tr></table><div id=d>${IMG}</div>`))
  t.ok(std.box('c').h > 53 && std.box('c').h < 55, `cell ${std.box('c').h}`)
  t.ok(std.box('d').h > 53 && std.box('d').h < 55, `div ${std.box('d').h}`)
  const text = await layoutHtml(doc(false, `<table cellspacing=0 cellpadding=0><tr><td id=c>${IMG} x</td></tr></table>`))
  t.ok(text.box('c').h > 53, `quirks cell with text ${text.box('c').h}`)
})

t.test('quirks mode: list items keep the strut; flex items and inline blocks do not (Chromium: 54, 50, 50 px)', async (t) => {
  const { box } = await layoutHtml(doc(false, `<ul style="margin:0;padding:0;list-style:none"><li id=l>${IMG}</li></ul>
    <div style="display:flex"><div id=f>${IMG}</div></div><div id=o><div style="display:inline-block">${IMG}</div></div>`))
  t.ok(box('l').h > 53 && box('l').h < 55, `list item ${box('l').h}`)
  t.match(box('f'), { h: 50 })
  t.match(box('o'), { h: 50 })
})

t.test('quirks mode: a line of small text inside inline elements is sized by them, not by the 32 px cell (Chromium 156)', async (t) => {
  const small = 'font-size:10px'
  const cell = (doctype: boolean) => doc(doctype, `<table cellspacing=0 cellpadding=0><tr><td id=c style="font-size:32px">
    <div id=a style="color:#000001"><span style="${small}">small text</span></div>
    <div id=b style="color:#000002"><span style="${small}">two</span> <span style="${small}">spans</span></div>
    <div id=p style="color:#000003"><span style="${small};padding-top:5px;margin-left:5px">no side padding</span></div>
    <div id=l style="color:#000004"><span style="${small};line-height:40px">tall line</span></div>
    <div id=r style="color:#000005"><span style="${small}">a<br>b</span></div>
    <div id=s style="color:#000006"><span style="${small};vertical-align:super">raised</span></div>
    <div id=i style="color:#000007"><img width=10 height=10><span style="${small}">x</span></div></td></tr></table>`)
  const q = await layoutHtml(cell(false))
  t.match(q.box('a'), { h: 11 }, 'one 10 px span: 11 px, not the 37 px of the cell\'s strut')
  t.match(q.box('b'), { h: 37 }, 'a space between the spans is text of the cell: its strut counts')
  t.match(q.box('p'), { h: 11 }, 'vertical padding and margins do not make the strut count')
  t.match(q.box('l'), { h: 40 }, 'the span\'s own line height counts')
  t.match(q.box('r'), { h: 22 }, 'two lines broken by a <br> in the span')
  t.match(q.box('s'), { h: 11 }, 'a raised span alone: no root baseline below it')
  t.match(q.box('i'), { h: 12 }, 'an image on the span\'s baseline')
  t.match(q.box('c'), { h: 144 })
  const std = await layoutHtml(cell(true))
  t.match(std.box('a'), { h: 37 }, 'with a doctype the cell\'s strut counts')
})
