// Import and export of bundles: ids kept (contentBlock("cb_…") and header settings keep working), a
// per-item report of what was imported, renamed or refused and why, the same through the CLI and the
// management API, and export → import round trips.
import t from 'tap'
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { importBundle } from '../../../src/bundle/import-bundle.js'
import { exportBundle } from '../../../src/bundle/export-bundle.js'
import { openStore } from '../../../src/store/index.js'
import { build } from '../../helpers/build.js'

// CLI child processes and a render pool on a shared, loaded machine: allow more than the default file timeout.
t.setTimeout(300_000)

const run = promisify(execFile)
const CLI = new URL('../../../src/cli.ts', import.meta.url).pathname

const bundle = () => ({
  format: 'quire-bundle', version: 1, source: 'templateto',
  blocks: [
    { id: 'cb_address1', name: 'Address', html: '<p>{{ street }}, {{ city }}</p>', versions: [{ id: 'ver_addr1', number: 1, html: '<p>{{ street }}, {{ city }}</p>', published: true }] },
    { id: 'cb_bad', name: 'Broken', html: '{% if %}' },
  ],
  templates: [
    {
      id: 'tpl_invoice1', name: 'Invoice', html: '<h1>{{ n }}</h1>{{ contentBlock("cb_address1", "billTo", "customer") }}',
      settings: { cultureName: 'en-GB' },
      versions: [
        { id: 'ver_inv1', number: 1, html: '<h1>old {{ n }}</h1>' },
        { id: 'ver_inv2', number: 2, html: '<h1>{{ n }} {{ total | format_number: "C" }}</h1>{{ contentBlock("cb_address1", "billTo", "customer") }}', published: true, publishDate: '2029-06-01T00:00:00Z' },
        { id: 'ver_inv3', number: 3, html: '<h1>next {{ n }}</h1>', publishDate: '2030-01-01T00:00:00Z' },
        { id: 'ver_inv4', number: 4, html: '<h1>late {{ n }}</h1>', publishDate: '2020-01-01T00:00:00Z' },
      ],
    },
    { id: 'not-an-id', name: 'Odd', html: 'x' },
    { id: 'tpl_badsettings', name: 'Bad settings', html: 'x', settings: { paper: { size: 'Napkin' } } },
  ],
})

t.test('import keeps ids and versions and reports each item', async (t) => {
  const store = await openStore(t.testdir())
  t.teardown(() => store.close())
  const account = await store.accounts.ensure('a')
  const report = await importBundle(store, account.id, bundle())
  t.match(report, { imported: 2, renamed: 0, refused: 3 })
  const by = Object.fromEntries(report.items.map((i) => [i.id, i]))
  t.match(by.cb_address1, { outcome: 'imported', versions: 1 })
  t.match(by.tpl_invoice1, { outcome: 'imported', versions: 4 })
  t.match(by.tpl_invoice1.reason, /version 2 is published: its publishDate 2029-06-01T00:00:00Z is not scheduled/)
  t.match(by.tpl_invoice1.reason, /version 4 publishDate 2020-01-01T00:00:00Z has passed: not scheduled/)
  t.match(by.tpl_invoice1.reason, /version 3 scheduled to publish at 2030-01-01T00:00:00\.000Z/)
  t.match(by.cb_bad, { outcome: 'refused', reason: /draft: Liquid syntax error at line 1/ })
  t.match(by['not-an-id'], { outcome: 'refused', reason: /not a template id/ })
  t.match(by.tpl_badsettings, { outcome: 'refused', reason: /settings\.paper\.size must be one of/ })

  const tpl = await store.templates.get(account.id, 'tpl_invoice1')
  t.equal(tpl?.publishedVersionId, 'ver_inv2')
  t.match(tpl, { scheduledVersionId: 'ver_inv3', scheduledPublishDate: '2030-01-01T00:00:00.000Z' }, 'the future publishDate is the pending schedule')
  t.equal(tpl?.draft.settings.cultureName, 'en-GB')
  t.equal(tpl?.draft.settings.outputEscaping, 'none', 'a TemplateTo bundle keeps Fluid\'s unescaped output')
  t.equal((await store.templates.getVersion(account.id, 'tpl_invoice1', 'ver_inv1'))?.number, 1)

  const again = await importBundle(store, account.id, bundle())
  t.match(again.items.find((i) => i.id === 'tpl_invoice1'), { outcome: 'refused', reason: /already exists in this account/ })
  const other = await store.accounts.ensure('b')
  const elsewhere = await importBundle(store, other.id, { ...bundle(), blocks: [{ id: 'cb_other', name: 'Address', html: 'x' }] })
  t.match(elsewhere.items.find((i) => i.id === 'tpl_invoice1'), { outcome: 'refused', reason: /used by another account/ })
  const renamed = await importBundle(store, account.id, { format: 'quire-bundle', version: 1, blocks: [{ id: 'cb_address2', name: 'Address', html: 'y' }] })
  t.match(renamed.items[0], { outcome: 'renamed', newName: 'Address (2)', reason: /already exists/ })
  t.equal((await store.blocks.get(account.id, 'cb_address2'))?.draft.settings.outputEscaping, undefined, 'a Quire bundle keeps Quire\'s escaping')
  await t.rejects(importBundle(store, account.id, { format: 'other' }), { name: 'BundleFormatError', message: /format must be "quire-bundle"/ })
})

t.test('export writes the import format: a round trip into a fresh store', async (t) => {
  const a = await openStore(t.testdir())
  t.teardown(() => a.close())
  const acc = await a.accounts.ensure('a')
  await importBundle(a, acc.id, bundle())
  const exported = await exportBundle(a, acc.id)
  t.same(exported.templates.map((x) => x.id), ['tpl_invoice1'])
  t.same(exported.blocks.map((x) => x.id), ['cb_address1'])
  t.same(exported.templates[0].versions?.map((v) => [v.id, v.number, v.published, v.publishDate]), [
    ['ver_inv1', 1, false, undefined], ['ver_inv2', 2, true, undefined], ['ver_inv3', 3, false, '2030-01-01T00:00:00.000Z'], ['ver_inv4', 4, false, undefined],
  ], 'the pending schedule is exported as the version\'s publishDate')
  const b = await openStore(t.testdir())
  t.teardown(() => b.close())
  const accB = await b.accounts.ensure('a')
  const report = await importBundle(b, accB.id, JSON.parse(JSON.stringify(exported)))
  t.match(report, { imported: 2, refused: 0 })
  t.same(await exportBundle(b, accB.id).then((x) => x.templates[0].versions), exported.templates[0].versions)
  t.match(await b.templates.get(accB.id, 'tpl_invoice1'), { scheduledVersionId: 'ver_inv3' }, 'the schedule survives the round trip')
})

t.test('quire import / quire export on the command line, and the imported template renders over HTTP', async (t) => {
  const dir = t.testdir({ 'bundle.json': JSON.stringify(bundle()) })
  const env = { ...process.env, DATA_DIR: dir }
  const out = await run(process.execPath, ['--import', 'tsx', CLI, 'import', join(dir, 'bundle.json')], { env, encoding: 'utf8' }).catch((e) => e)
  t.equal(out.code, 1, 'exit code 1 when an item was refused')
  t.match(out.stdout, /imported block\s+cb_address1 "Address" \(1 versions\)/)
  t.match(out.stdout, /refused\s+template not-an-id "Odd": id "not-an-id" is not a template id/)
  t.match(out.stdout, /2 imported, 0 renamed, 3 refused/)
  const exp = await run(process.execPath, ['--import', 'tsx', CLI, 'export', join(dir, 'out.json')], { env, encoding: 'utf8' })
  t.match(exp.stdout, /1 templates, 1 content blocks/)
  t.equal(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).templates[0].id, 'tpl_invoice1')
  writeFileSync(join(dir, 'junk.json'), '{"format":"zip"}')
  const junk = await run(process.execPath, ['--import', 'tsx', CLI, 'import', join(dir, 'junk.json')], { env, encoding: 'utf8' }).catch((e) => e)
  t.equal(junk.code, 2)
  t.match(junk.stderr, /invalid bundle: format must be "quire-bundle"/)
})

t.test('the management API: POST /api/v1/import and GET /api/v1/export', async (t) => {
  const h = await build(t)
  const res = await h.call('/api/v1/import', { body: bundle() })
  t.equal(res.status, 200)
  t.match(await res.json(), { imported: 2, refused: 3 })
  const render = await h.call('/render/txt/tpl_invoice1', { body: { n: 'INV-1', total: 12.5, customer: { street: '1 Main St', city: 'London' } } })
  t.equal(render.status, 200)
  t.match(await render.text(), /INV-1 £12\.50[\s\S]*1 Main St, London/, 'contentBlock("cb_address1") resolves the imported block by its id')
  const exp = await h.call('/api/v1/export')
  t.equal(exp.status, 200)
  t.match(await exp.json(), { format: 'quire-bundle', templates: [{ id: 'tpl_invoice1' }] })
  const bad = await h.call('/api/v1/import', { body: { format: 'nope' } })
  t.equal(bad.status, 400)
  t.match(await bad.json(), { code: 'QUIRE_ERR_REQUEST_INVALID', error: /Invalid bundle: format must be/ })
  t.equal((await h.call('/api/v1/export', { key: null })).status, 401)
})
