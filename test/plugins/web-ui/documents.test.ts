import t, { type Test } from 'tap'
import { build } from '../../helpers/build.js'
import { imageInfo } from '../../helpers/tools.js'
import { signIn } from './web-client.js'

async function admin(t: Test) {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'right password', role: 'admin' })
  return { h, web: await signIn(h, 'ada@example.com', 'right password') }
}

const SETTINGS_FORM = {
  'paper.size': 'A5', orientation: 'landscape', printBackground: 'true',
  'marginsMm.top': '12', 'marginsMm.right': '8', 'marginsMm.bottom': '12', 'marginsMm.left': '8',
  'header.blockId': '', 'footer.blockId': '', 'cover.orientation': '',
  'cover.marginsMm.top': '0', 'cover.marginsMm.right': '0', 'cover.marginsMm.bottom': '0', 'cover.marginsMm.left': '0',
  'security.password': '', 'security.permitPrint': 'true', 'security.permitModify': 'true', 'security.permitExtract': 'true', 'security.permitAnnotations': 'true',
  'pdf.tagged': 'true', 'pdf.outline': 'true',
}

t.test('list with search answers a page or, for htmx, the rows alone', async (t) => {
  const { h, web } = await admin(t)
  await h.app.store.templates.create(h.accountId, { name: 'Invoice', html: '<p>i</p>' })
  await h.app.store.templates.create(h.accountId, { name: 'Receipt', html: '<p>r</p>' })
  const page = await (await web.get('/templates?search=inv')).text()
  t.match(page, /<html lang="en">/)
  t.match(page, />Invoice</)
  t.notMatch(page, />Receipt</)
  const rows = await web.get('/templates?search=rec', { 'hx-request': 'true' })
  const fragment = await rows.text()
  t.match(fragment, /^<div id="document-rows"/)
  t.match(fragment, />Receipt</)
  t.notMatch(fragment, />Invoice</)
  t.match(await (await web.get('/templates?search=zzz', { 'hx-request': 'true' })).text(), /No templates match “zzz”/)
})

t.test('create → editor; an empty name re-renders the list with the error in place', async (t) => {
  const { h, web } = await admin(t)
  const empty = await web.post('/templates', { name: '  ', _csrf: web.csrf })
  t.equal(empty.status, 422)
  t.match(await empty.text(), /aria-invalid="true" aria-describedby="new-name-error"[\s\S]*id="new-name-error">Give it a name/)
  const created = await web.post('/templates', { name: 'Letter', _csrf: web.csrf })
  t.equal(created.status, 303)
  const [item] = await h.app.store.templates.list(h.accountId)
  t.equal(created.headers.get('location'), `/templates/${item.id}`)
  const editor = await (await web.get(`/templates/${item.id}`)).text()
  t.match(editor, /<textarea id="html-source" name="html"/)
  t.match(editor, /name="paper.size"/, 'templates get the settings form')
  t.match(editor, /<script src="\/assets\/editor.js" type="module">/)
})

t.test('saving: errors at their line and field, values kept; versions and publish', async (t) => {
  const { h, web } = await admin(t)
  const doc = await h.app.store.templates.create(h.accountId, { name: 'Letter', html: '<p>ok</p>' })
  const bad = await web.post(`/templates/${doc.id}`, {
    _csrf: web.csrf, intent: 'publish', name: 'Letter 2', html: '<p>one</p>\n{% if x %}\n<p>two</p>',
    sampleData: '{\n  "a": 1,\n  "b": oops\n}', ...SETTINGS_FORM, 'marginsMm.top': 'wide',
  })
  t.equal(bad.status, 422)
  const html = await bad.text()
  t.match(html, /data-error-line="2"/, 'the Liquid error names line 2')
  t.match(html, /data-error-line="3" data-error-column="8"/, 'the JSON error names line 3, column 8')
  t.match(html, /id="margin-top" name="marginsMm.top" inputmode="decimal" value="wide" aria-invalid="true"/, 'the bad margin is marked and kept')
  t.match(html, /\{% if x %\}/, 'the unsaved HTML is kept')
  t.match(html, /value="Letter 2"/)
  t.same((await h.app.store.templates.get(h.accountId, doc.id))!.draft.html, '<p>ok</p>', 'nothing was saved')
  t.equal((await h.app.store.templates.listVersions(h.accountId, doc.id)).length, 0)

  const good = await web.post(`/templates/${doc.id}`, {
    _csrf: web.csrf, intent: 'publish', name: 'Letter 2', html: '<p>Hi {{ who }}</p>', sampleData: '{"who": "Ada"}', ...SETTINGS_FORM,
  })
  t.equal(good.status, 303)
  t.equal(good.headers.get('location'), `/templates/${doc.id}?saved=publish`)
  const saved = (await h.app.store.templates.get(h.accountId, doc.id))!
  t.match(saved, { name: 'Letter 2', draft: { html: '<p>Hi {{ who }}</p>', sampleData: { who: 'Ada' } } })
  t.match(saved.draft.settings, { paper: { size: 'A5' }, orientation: 'landscape', marginsMm: { top: 12, right: 8 }, cover: { enabled: false }, security: { passwordEnabled: false } })
  t.equal(saved.draft.settings.cover.marginsMm, undefined, 'cover margins stay unset unless asked for')
  const [v1] = await h.app.store.templates.listVersions(h.accountId, doc.id)
  t.match(v1, { number: 1, published: true })

  await web.post(`/templates/${doc.id}`, { _csrf: web.csrf, intent: 'version', name: 'Letter 2', html: '<p>v2</p>', sampleData: '{}', ...SETTINGS_FORM })
  const versions = await h.app.store.templates.listVersions(h.accountId, doc.id)
  t.match(versions.map((v) => [v.number, v.published]), [[2, false], [1, true]])
  const publish = await web.post(`/templates/${doc.id}/versions/${versions[0].id}/publish`, { _csrf: web.csrf }, { 'hx-request': 'true' })
  const fragment = await publish.text()
  t.match(fragment, /^<section id="versions"/)
  t.match(fragment, /Version 2 published\./)
  t.equal((await h.app.store.templates.get(h.accountId, doc.id))!.publishedVersionId, versions[0].id)

  // Scheduled publishing: the form's time is UTC; the list shows the badge and a way to cancel.
  const schedule = await web.post(`/templates/${doc.id}/versions/${v1.id}/schedule`, { _csrf: web.csrf, publishDate: '2099-03-25T10:00' }, { 'hx-request': 'true' })
  t.equal(schedule.status, 200)
  const scheduled = await schedule.text()
  t.match(scheduled, /Version 1 will be published at 2099-03-25 10:00 UTC\./)
  t.match(scheduled, /<span class="badge scheduled"[^>]*>scheduled <time datetime="2099-03-25T10:00:00.000Z">2099-03-25 10:00 UTC<\/time>/)
  t.match(scheduled, /aria-label="Cancel the schedule of version 1">Cancel schedule/)
  t.match(await h.app.store.templates.get(h.accountId, doc.id), { publishedVersionId: versions[0].id, scheduledVersionId: v1.id })
  const past = await web.post(`/templates/${doc.id}/versions/${v1.id}/schedule`, { _csrf: web.csrf, publishDate: '2001-01-01T00:00' }, { 'hx-request': 'true' })
  t.equal(past.status, 422)
  t.match(await past.text(), /Pick a time in the future \(UTC\)/)
  const cancel = await web.post(`/templates/${doc.id}/versions/${v1.id}/unschedule`, { _csrf: web.csrf }, { 'hx-request': 'true' })
  t.match(await cancel.text(), /Schedule cancelled\./)
  t.equal((await h.app.store.templates.get(h.accountId, doc.id))!.scheduledVersionId, null)

  const old = await web.get(`/templates/${doc.id}/versions/${v1.id}`)
  const oldHtml = await old.text()
  t.match(oldHtml, /this view is read-only/)
  t.match(oldHtml, /<textarea id="html-source"[^>]*readonly/)
  t.match(oldHtml, /&lt;p&gt;Hi \{\{ who \}\}&lt;\/p&gt;/, 'shows the old text')
  t.match(oldHtml, /<fieldset class="settings" disabled>/)
  t.match(oldHtml, new RegExp(`id="preview-version" value="${v1.id}"`), 'the preview renders that version')
})

t.test('preview: PNG of the first page, PDF, saved versions, and problems as data', async (t) => {
  const { h, web } = await admin(t)
  const doc = await h.app.store.templates.create(h.accountId, { name: 'Letter', html: '<p>draft</p>' })
  const form = { _csrf: web.csrf, name: 'Letter', sampleData: '{"who": "Ada"}', ...SETTINGS_FORM, 'paper.size': 'A4', orientation: 'portrait' }
  const png = await web.post(`/templates/${doc.id}/preview`, { ...form, html: '<h1>Hello {{ who }}</h1>', previewFormat: 'png' })
  t.equal(png.status, 200)
  t.equal(png.headers.get('content-type'), 'image/png')
  t.match(png.headers.get('x-quire-render-ms'), /^\d+$/)
  const info = await imageInfo(new Uint8Array(await png.arrayBuffer()))
  t.same([info.width, info.height], [794, 1123], 'one A4 page at 96 dpi')

  const pdf = await web.post(`/templates/${doc.id}/preview`, { ...form, html: '<h1>Hello {{ who }}</h1>', previewFormat: 'pdf' })
  t.equal(pdf.headers.get('content-type'), 'application/pdf')
  t.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString(), '%PDF-')
  t.equal(pdf.headers.get('quire-warnings'), '0', 'no warnings for a clean template')
  const warned = await web.post(`/templates/${doc.id}/preview`, { ...form, html: '<p style="frobnicate: 1">x</p>', previewFormat: 'pdf' })
  t.equal(warned.headers.get('quire-warnings'), '1', 'the preview counts what was ignored')
  t.match(decodeURIComponent(warned.headers.get('quire-warning-list') ?? ''), /frobnicate/, 'and lists it for the editor')

  const syntax = await web.post(`/templates/${doc.id}/preview`, { ...form, html: '<p>a</p>\n<p>{{ who </p>', previewFormat: 'png' })
  t.equal(syntax.status, 422)
  t.match(await syntax.json(), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX', target: 'html', line: 2 })

  const runtime = await web.post(`/templates/${doc.id}/preview`, { ...form, html: '<p>a</p>\n\n<p>{{ who | nosuchfilter }}</p>', previewFormat: 'png' })
  t.equal(runtime.status, 422)
  t.match(await runtime.json(), { target: 'html', line: 3, error: /nosuchfilter/ })

  const data = await web.post(`/templates/${doc.id}/preview`, { ...form, html: '<p>x</p>', sampleData: '[1, 2]', previewFormat: 'png' })
  t.match(await data.json(), { target: 'sampleData', error: /must be a JSON object/ })

  const missingFooter = await web.post(`/templates/${doc.id}/preview`, { ...form, html: '<p>x</p>', 'footer.enabled': 'true', 'footer.blockId': 'cb_missing', previewFormat: 'pdf' })
  t.match(await missingFooter.json(), { target: 'settings', field: 'footer.blockId', code: 'QUIRE_ERR_TEMPLATE_BLOCK_MISSING' })

  const version = (await h.app.store.templates.createVersion(h.accountId, doc.id))!
  const byVersion = await web.post(`/templates/${doc.id}/preview`, { _csrf: web.csrf, previewVersion: version.id, previewFormat: 'png' })
  t.equal(byVersion.status, 200, 'a saved version renders without the form')
  const unknown = await web.post(`/templates/${doc.id}/preview`, { _csrf: web.csrf, previewVersion: 'ver_nope', previewFormat: 'png' }, { accept: '*/*' })
  t.equal(unknown.status, 404)
})

t.test('content blocks: same editor without page settings; names are unique', async (t) => {
  const { h, web } = await admin(t)
  t.equal((await web.post('/blocks', { name: 'Footer', _csrf: web.csrf })).status, 303)
  const taken = await web.post('/blocks', { name: 'Footer', _csrf: web.csrf })
  t.equal(taken.status, 422)
  t.match(await taken.text(), /id="new-name-error">A content block named &quot;Footer&quot; already exists/)
  const [block] = await h.app.store.blocks.list(h.accountId)
  const editor = await (await web.get(`/blocks/${block.id}`)).text()
  t.notMatch(editor, /name="paper.size"/)
  t.match(editor, /\{\{ page \}\}/)
  const preview = await web.post(`/blocks/${block.id}/preview`, { _csrf: web.csrf, name: 'Footer', html: '<p>Page {{ page }}</p>', sampleData: '{"page": 2}', previewFormat: 'png' })
  t.equal(preview.status, 200)
  t.equal(preview.headers.get('content-type'), 'image/png')
})
