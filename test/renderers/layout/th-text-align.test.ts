// A <th> is centred only when its parent's text-align is the initial one (HTML §15.3.8, Chromium's
// -internal-center): under `text-align: end` or `right` it follows its row instead (WPT css/css-tables/th-text-align).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const table = (align: string) => `<!doctype html><body style="margin:0"><table style="border-spacing:0;${align}"><tr><th id=h style="width:150px;padding:0"><span id=a style="display:inline-block;width:10px;height:10px"></span></th></tr></table>`

t.test('centred under the initial text-align', async (t) => {
  const { box } = await layoutHtml(table(''), { medium: 'screen' })
  const a = box('a')
  t.ok(Math.abs(a.x + a.w / 2 - 75) < 1, `the box's middle at ${a.x + a.w / 2}`)
})

t.test('at the end under text-align: end', async (t) => {
  const { box } = await layoutHtml(table('text-align:end'), { medium: 'screen' })
  const a = box('a')
  t.ok(Math.abs(a.x + a.w - 150) < 1, `the box ends at ${a.x + a.w}`)
})
