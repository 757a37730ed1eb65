// Missing variables through a real server: a sync render of a saved template reports them in Quire-Warnings,
// the editor's preview likewise, and the template setting missingVariables: "error" makes the render a 400.
import t from 'tap'
import { PATCHES_ON } from '../../../renderers/patches.js'
import { build, publishedTemplate } from '../../helpers/build.js'
import { signIn } from '../web-ui/web-client.js'

const TEMPLATE = '<h1>Invoice for {{ customer.name }}</h1>\n<p>{{ customer.nmae }}</p>'
const listed = (res: Response) => JSON.parse(decodeURIComponent(res.headers.get('quire-warning-list') ?? '%5B%5D')) as string[]

// Missing variables are noted by Quire's template loop (renderers/template/sync-renderer.ts): off with QUIRE_PATCHES=off.
t.test('a sync render lists the missing variable in Quire-Warnings; the setting makes it a 400', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off' }, async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, TEMPLATE)
  const res = await h.call(`/render/txt/${id}`, { body: { customer: { name: 'Ada' } } })
  t.equal(res.status, 200)
  t.match(await res.text(), /Invoice for Ada/)
  t.equal(res.headers.get('quire-warnings'), '1')
  t.same(listed(res), ['template line 2: customer.nmae is not in the data and renders empty'])

  const strict = await publishedTemplate(h, TEMPLATE, { settings: { missingVariables: 'error' } })
  const refused = await h.call(`/render/pdf/${strict.id}`, { body: { customer: { name: 'Ada' } } })
  t.equal(refused.status, 400)
  t.match(await refused.json(), { code: 'QUIRE_ERR_TEMPLATE_RENDER', error: /line 2, column \d+: customer\.nmae is not in the data/ })
  const fine = await h.call(`/render/pdf/${strict.id}`, { body: { customer: { name: 'Ada', nmae: 'typo field' } } })
  t.equal(fine.status, 200, 'with the data present it renders')

  const badSetting = await h.call('/api/v1/templates', { body: { name: 'x', html: 'x', settings: { missingVariables: 'loud' } } })
  t.equal(badSetting.status, 400)
  t.match(await badSetting.json(), { code: 'QUIRE_ERR_SETTINGS_INVALID', error: /missingVariables/ })
})

t.test('the editor preview reports it too', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off' }, async (t) => {
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
  }
  const res = await web.post(`/templates/${template.id}/preview`, { ...form, name: 'preview', html: TEMPLATE, sampleData: '{"customer":{"name":"Ada"}}', previewFormat: 'png', _csrf: web.csrf })
  t.equal(res.status, 200, res.status === 200 ? 'rendered' : await res.clone().text())
  t.same(listed(res), ['template line 2: customer.nmae is not in the data and renders empty'])
})
