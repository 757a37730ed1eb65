// A calc() with a percentage keeps its percentage type even when the terms cancel out (CSS Values 4 §10.7), and
// lengths that refer to nothing known are what the rule for their property says (WPT css/css-values
// calc-max-height-block-1, calc-max-width-block-intrinsic-1, calc-width-table-auto-1; Chromium 156 passes them).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const page = (inner: string) => `<!DOCTYPE html><body style="margin:0">${inner}</body>`

t.test('max-height: calc(40px - 10% + 20% / 2) under an auto height is none, under a definite one 40px', async (t) => {
  const { box } = await layoutHtml(page(`<div><div id=auto style="max-height:calc(40px + 10% - 20% / 2)"><div style="height:300px"></div></div></div>
    <div style="height:100px"><div id=definite style="max-height:calc(40px + 10% - 20% / 2)"><div style="height:300px"></div></div></div>`))
  t.equal(box('auto').h, 300)
  t.equal(box('definite').h, 40)
})

t.test('a fixed width contributes to a float\'s shrink-to-fit width within its max-width', async (t) => {
  const { box } = await layoutHtml(page(`<div id=a style="float:left;clear:left"><div style="width:400px;max-width:calc(5em - 3px)"></div></div>
    <div id=b style="float:left;clear:left"><div style="width:400px;max-width:calc(50px - 0%)"></div></div>
    <div id=c style="float:left;clear:left"><div style="width:40px;min-width:60px"></div></div>`))
  t.equal(box('a').w, 77, 'max-width 77px (5em at 16px, less 3px) caps the 400px width')
  t.equal(box('b').w, 400, 'a percentage max-width, even one that cancels, does not limit an intrinsic width')
  t.equal(box('c').w, 60, 'min-width wins over a smaller width')
})

t.test('a table cell\'s width mixing a length and a percentage in calc() is auto to the column widths', async (t) => {
  const { box } = await layoutHtml(page(`<table style="border-spacing:0"><tr><td id=mixed style="width:calc(50% + 1px);padding:0">x</td><td style="width:100px;padding:0">y</td></table>
    <table style="border-spacing:0"><tr><td id=pct style="width:calc(50%);padding:0">x</td><td style="width:100px;padding:0">y</td></table>
    <table style="border-spacing:0"><tr><td id=len style="width:calc(200px);padding:0">x</td><td style="width:100px;padding:0">y</td></table>`))
  t.ok(box('mixed').w < 20, `auto: as wide as its "x" (${box('mixed').w})`)
  t.equal(box('pct').w, 100, 'calc(50%) is a percentage: half the table, beside the 100px cell')
  t.equal(box('len').w, 200, 'calc(200px) is a fixed width')
})
