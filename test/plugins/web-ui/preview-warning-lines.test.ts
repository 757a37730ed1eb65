// The editor's preview shows a PDF/UA warning the way the API reports it: the element and the line of the
// template being edited (the editor reads Quire-Warning-List: web/editor.ts showWarnings).
import t from 'tap'
import { PATCHES_ON } from '../../../renderers/patches.js'
import { build } from '../../helpers/build.js'
import { signIn } from './web-client.js'

const TEMPLATE = '<html lang="en"><title>T</title>\n<h1>Badges</h1>{{ intro }}\n{% for b in badges %}\n  <h3 class="b">{{ b }}</h3>\n{% endfor %}'

t.test('the preview lists a PDF/UA warning with the template line', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: the lines are the rendered HTML\'s' }, async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'ada password', role: 'admin' })
  const web = await signIn(h, 'ada@example.com', 'ada password')
  const template = await h.app.store.templates.create(h.accountId, { name: 'preview', html: TEMPLATE })
  const form = {
    'paper.size': 'A4', orientation: 'portrait', printBackground: 'true',
    'marginsMm.top': '10', 'marginsMm.right': '10', 'marginsMm.bottom': '10', 'marginsMm.left': '10',
    'header.blockId': '', 'footer.blockId': '', 'cover.orientation': '',
    'cover.marginsMm.top': '0', 'cover.marginsMm.right': '0', 'cover.marginsMm.bottom': '0', 'cover.marginsMm.left': '0',
    'security.password': '', 'security.permitPrint': 'true', 'security.permitModify': 'true', 'security.permitExtract': 'true', 'security.permitAnnotations': 'true',
    'pdf.pdfUA': 'true', 'pdf.tagged': 'true', 'pdf.outline': 'true',
  }
  const res = await web.post(`/templates/${template.id}/preview`, { ...form, name: 'preview', html: TEMPLATE, sampleData: '{"intro":"<p>one</p>\\n<p>two</p>\\n","badges":["a","b"]}', previewFormat: 'pdf', _csrf: web.csrf })
  t.equal(res.status, 200, res.status === 200 ? 'rendered' : await res.clone().text())
  const list = JSON.parse(decodeURIComponent(res.headers.get('quire-warning-list') ?? '[]')) as string[]
  // Rendered (the intro brings two lines of its own), the first <h3> is on line 6; in the template it is on line 4.
  t.same(list, ['PDF/UA: heading levels skip from H1 to H3 at <h3.b> at line 4'])
})
