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
