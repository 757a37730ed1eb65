import t from 'tap'
import { renderDocumentHtml } from '../../../renderers/template/index.js'
import { DEFAULT_SETTINGS } from '../../../renderers/default-settings.js'
import { SAMPLE_INVOICE, seedIfEmpty } from '../../../src/sample/index.js'
import { openTestStore } from '../store/open-test-store.js'

const LIMITS = { maxPages: 10, maxImagePixels: 1e8, maxImageDimension: 1e4, maxClips: 5, maxHtmlChars: 1e7, templateRenderMs: 5000 }

t.test('seeds the default account and a published sample invoice, once', async (t) => {
  const store = await openTestStore(t)
  const seeded = await seedIfEmpty(store)
  t.ok(seeded)
  const account = await store.accounts.byName('default')
  t.equal(account?.id, seeded!.accountId)
  const tpl = await store.templates.get(seeded!.accountId, seeded!.templateId)
  t.match(tpl, { name: 'Sample invoice', publishedVersionId: seeded!.versionId, draft: { sampleData: { items: Array } } })
  const published = await store.templates.getPublished(seeded!.accountId, seeded!.templateId)
  t.match(published, { id: seeded!.versionId, number: 1, published: true, html: SAMPLE_INVOICE.html })
  t.same(published!.settings.marginsMm, { top: 15, right: 15, bottom: 15, left: 15 })

  t.equal(await seedIfEmpty(store), null, 'second run does nothing')
  t.equal((await store.templates.list(seeded!.accountId)).length, 1)
})

t.test('does nothing when an account exists already', async (t) => {
  const store = await openTestStore(t)
  await store.accounts.ensure('acme')
  t.equal(await seedIfEmpty(store), null)
  t.equal(await store.accounts.byName('default'), null)
})

t.test('the sample invoice renders with its data: items, computed amounts and totals', async (t) => {
  const data = SAMPLE_INVOICE.sampleData as { items: { name: string; quantity: number; unit_price: number }[]; tax_rate: number }
  t.ok(data.items.length >= 8)
  const html = await renderDocumentHtml({
    source: { kind: 'template', main: { cacheKey: 'sample', text: SAMPLE_INVOICE.html }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS },
    data: SAMPLE_INVOICE.sampleData,
    limits: LIMITS,
  })
  for (const item of data.items) t.match(html, item.name)
  t.match(html, '$6,820.00', 'line amount = 62 × 110 with thousands separator')
  t.match(html, '$175.50', 'two decimals kept')
  const subtotal = data.items.reduce((sum, i) => sum + i.quantity * i.unit_price, 0)
  const tax = Math.round(subtotal * data.tax_rate) / 100
  const fmt = (n: number) => '$' + n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  t.match(html, `<td>${fmt(subtotal)}</td>`)
  t.match(html, `<td>${fmt(tax)}</td>`)
  t.match(html, `<td>${fmt(subtotal + tax)}</td>`)
  t.match(html, 'May 2, 2024')
  t.notMatch(html, /\{\{|\{%/, 'no Liquid left over')
})
