// Three block-flow rules that move whole regions of real templates, each checked against Chromium 156's
// getBoundingClientRect() for the same snippet (fonts of ../shared/corpus/_tools/fonts.conf):
// collapsible spaces before an end tag hang (they neither widen a shrink-to-fit box nor push its last word to a
// new line), a table's percentage width is of its containing block, and an empty clearing div still clears.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const near = (t: { ok: (pass: boolean, message: string) => unknown }, got: number, want: number, what: string) =>
  t.ok(Math.abs(got - want) < 0.05, `${what}: ${got} (Chromium ${want})`)

t.test('a space before an end tag is not part of a float\'s, a flex item\'s or an inline-block\'s width', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px 'Liberation Sans'">
    <div id=f style="float:left;color:#001"><a href="#">
      alpha beta
    </a>
    </div><div style="clear:both"></div>
    <div style="display:flex;justify-content:space-between;width:300px"><a id=a1 style="color:#003">
      alpha
    </a><span id=a2 style="color:#004"> beta </span><span id=a3 style="color:#005">gamma delta epsilon zeta eta theta iota kappa lambda</span></div>
    <div style="display:inline-block" id=ib><b style="color:#006">x </b> </div>`, { width: 800 })
  near(t, box('f').w, 74.734, 'float')
  t.equal(box('f').h, 18, 'the float\'s text stays on one line')
  near(t, box('a1').w, 39.156, 'first flex item')
  near(t, box('a2').x, 39.156, 'second flex item: no gap, the items fill the line')
  near(t, box('a2').w, 31.141, 'second flex item')
  near(t, box('a3').w, 229.703, 'the wrapping last item takes the rest')
  near(t, box('ib').w, 8.906, 'inline-block')
})

t.test('a table\'s percentage width is of its containing block, margins aside', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px 'Liberation Sans'"><main style="padding:0 2cm">
    <table id=t style="width:calc(40% + 2cm);margin-left:60%"><tr><th id=a>Sub</th><td>$1200.00</td></tr></table></main>`, { width: 800 })
  near(t, box('t').x, 464.875, 'table x')
  near(t, box('t').w, 335.125, 'table width')
  near(t, box('a').w, 105.031, 'first column')
})

t.test('an empty div with clear: both moves what follows below the floats (the clearfix div)', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px 'Liberation Sans'">
    <div id=p style="color:#001"><div style="float:left;width:50px;height:20px"></div><div style="clear:both"></div></div>
    <p id=a style="color:#003;margin:10px 0">after</p>
    <div id=q style="color:#004;margin-bottom:30px"><div style="float:left;width:50px;height:20px"></div><div id=d style="clear:both;color:#005;margin:5px 0 12px"></div></div>
    <p id=b style="color:#006;margin:8px 0">after</p>
    <div style="float:left;width:50px;height:20px"></div><div style="clear:both"></div><div id=x style="display:flex;color:#007">flex</div>`, { width: 800 })
  t.match(box('p'), { y: 0, h: 20 }, 'the parent holds the float')
  t.match(box('a'), { y: 30 })
  t.match(box('q'), { y: 58, h: 27 }, 'the cleared div\'s margins collapse together from its top margin edge, inside the parent')
  t.match(box('d'), { y: 78 })
  t.match(box('b'), { y: 115 })
  t.match(box('x'), { x: 0, y: 161 }, 'a flex container after a clearfix div: below the float, not beside it')
})
