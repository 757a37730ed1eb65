// Items of a wrapping flex row are aligned in their line by their margin box (CSS Flexbox §8.3): a top margin
// moves a flex-start item down, and a centred item is centred with its margins. yoga drops the top margin of
// a flex-start item and centres border boxes whenever the container wraps (weasyprint-report's cover: an h1
// with margin-top: 5cm in a wrapping row printed at the top of the page). Positions are Chromium 156's
// (getBoundingClientRect of the same HTML at an 800 px viewport).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const CSS = '<style>body{margin:0;font:16px/20px sans-serif} .c{display:flex;flex-wrap:wrap;width:600px} .c>div{width:250px;height:30px}</style>'

t.test('flex-start items keep their top margins, line by line', async (t) => {
  const { box } = await layoutHtml(`${CSS}<div class=c id=c1 style="align-items:flex-start"><div id=a1 style="margin-top:40px"></div>
    <div id=b1 style="margin-top:10px"></div><div id=c1i style="margin-top:5px;width:400px"></div></div>`, { width: 800 })
  t.match(box('a1'), { y: 40, h: 30 }, 'was at 0')
  t.match(box('b1'), { y: 10, x: 250 })
  t.match(box('c1i'), { y: 75, w: 400 }, 'the second line starts below the first one\'s margin boxes')
  t.match(box('c1'), { h: 105 })
})

t.test('centred items are centred by their margin boxes', async (t) => {
  const { box } = await layoutHtml(`${CSS}<div class=c id=c2 style="align-items:center"><div id=a2 style="margin-top:40px;margin-bottom:10px"></div>
    <div id=b2></div></div>`, { width: 800 })
  t.match(box('c2'), { y: 0, h: 80 })
  t.match(box('a2'), { y: 40 }, 'was at 25')
  t.match(box('b2'), { y: 25 })
})

t.test('align-content: space-between puts the first line at the top, its item below its margin', async (t) => {
  const { box } = await layoutHtml(`${CSS}<div class=c id=c3 style="align-content:space-between;height:300px"><div id=a3 style="margin:50px 0 0"></div>
    <div id=b3 style="width:500px;margin-bottom:20px"></div></div>`, { width: 800 })
  t.match(box('a3'), { y: 50 }, 'was at 0')
  t.match(box('b3'), { y: 250 })
})

t.test('stretched items (align-items: normal) keep their margins and share the line\'s height', async (t) => {
  const { box } = await layoutHtml(`${CSS}<div class=c id=c4><div id=a4 style="margin-top:25px"></div><div id=b4 style="height:auto">text</div></div>`, { width: 800 })
  t.match(box('c4'), { h: 55 })
  t.match(box('a4'), { y: 25, h: 30 })
  t.match(box('b4'), { y: 0, h: 55 })
})
