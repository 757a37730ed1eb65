// The body's overflow goes to the viewport when the root's is visible (CSS Overflow 3 §3.3): the body is then
// not a formatting context, so its first child's top margin collapses through it, and it does not clip
// (WPT css-grid grid-as-flex-item-should-not-shrink-to-fit-002 and -006 draw their square 8 px higher so).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('body { overflow: hidden }: the first child\'s margin collapses with the body\'s', async (t) => {
  const laid = await layoutHtml('<html><body style="overflow:hidden;margin:8px"><p id=a style="margin:20px 0">x</p></body></html>', { width: 400, medium: 'screen' })
  t.match(laid.box('a'), { y: 20 }, 'max(8, 20), not 8 + 20')
})

t.test('with the root\'s overflow not visible the body keeps its own', async (t) => {
  const laid = await layoutHtml('<html style="overflow:hidden"><body style="overflow:hidden;margin:8px"><p id=a style="margin:20px 0">x</p></body></html>', { width: 400, medium: 'screen' })
  t.match(laid.box('a'), { y: 28 }, 'the body is a formatting context: 8 + 20')
})
