// The PDF settings and the missing-variables choice, set in the editor in Debian's Chromium against a real
// server: what is saved is what the management API returns, the published template renders as set (read
// back with pdfinfo and pdfdetach), a combination the service refuses comes back marked at its field, and
// a setting the form does not show (cultureName) survives a save.
import t from 'tap'
import type { Page } from 'playwright-core'
import { build } from '../helpers/build.js'
import { pdfAttachments, pdfInfo } from '../helpers/tools.js'
import { launchBrowser, newPage } from './browser.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['chromium', 'pdfinfo', 'pdfdetach'] })

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><n>{{ number }}</n></rsm:CrossIndustryInvoice>'

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`)
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Password').fill('ada password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/templates$/)
}

t.test('PDF settings and missing variables: set in the editor, saved, rendered as set', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'ada password', role: 'admin' })
  const block = await h.app.store.blocks.create(h.accountId, { name: 'Invoice XML', html: XML })
  await h.app.store.blocks.createVersion(h.accountId, block.id, { publish: true })
  const created = await h.call('/api/v1/templates', {
    body: { name: 'Invoice', html: '<html lang="en"><title>Invoice</title><h1>Invoice {{ number }}</h1><p>{{ customer }}</p></html>', sampleData: { number: 7, customer: 'Ada' }, settings: { cultureName: 'de-DE' } },
  })
  const doc = (await created.json()) as { id: string }

  const browser = await launchBrowser(t)
  const page = await newPage(t, browser)
  await signIn(page, h.baseUrl)
  await page.goto(`${h.baseUrl}/templates/${doc.id}`)
  await page.getByRole('tab', { name: 'Page settings' }).click()

  t.ok(await page.getByLabel('Tagged PDF (a structure tree for screen readers)').isChecked(), 'tagging is on by default')
  t.ok(await page.getByLabel('Bookmarks from the headings (documents of more than one page)').isChecked(), 'the outline is on by default')
  t.equal(await page.getByLabel('PDF/A (archiving)').inputValue(), '', 'no PDF/A by default')

  // A combination the service refuses: PDF/UA without tagging.
  await page.getByLabel('Tagged PDF (a structure tree for screen readers)').uncheck()
  await page.getByLabel(/PDF\/UA-1 \(accessible\)/).check()
  await page.getByRole('button', { name: 'Save draft' }).click()
  await page.locator('#form-errors').filter({ hasText: /Not saved/ }).waitFor()
  t.match(await page.locator('#form-errors').textContent(), /settings\.pdf\.pdfUA needs a tagged PDF/, 'the error says why')
  await page.getByRole('tab', { name: /Page settings/ }).click()
  t.equal(await page.getByLabel(/PDF\/UA-1 \(accessible\)/).getAttribute('aria-invalid'), 'true', 'the PDF/UA box is marked')
  t.notOk(await page.getByLabel('Tagged PDF (a structure tree for screen readers)').isChecked(), 'what was set is kept')

  // What the form can set, all at once.
  await page.getByLabel(/PDF\/UA-1 \(accessible\)/).uncheck()
  await page.getByLabel('Bookmarks from the headings (documents of more than one page)').uncheck()
  await page.getByLabel('PDF/A (archiving)').selectOption('PDF/A-3b')
  await page.getByLabel('Language').fill('de-CH')
  await page.getByLabel('Author').fill('Ada Lovelace')
  await page.getByLabel('Keywords').fill('invoice, 2026')
  await page.getByLabel(/Factur-X \/ ZUGFeRD e-invoice/).check()
  await page.getByLabel('Invoice XML block').selectOption(block.id)
  await page.getByLabel('Factur-X profile').selectOption('BASIC')
  await page.getByLabel('Missing variables').selectOption('error')
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await page.waitForURL(/\?saved=publish/)

  const api = (await (await h.call(`/api/v1/templates/${doc.id}`)).json()) as { settings: Record<string, unknown> }
  t.same(api.settings.pdf, {
    tagged: false, outline: false, pdfA: 'PDF/A-3b', lang: 'de-CH',
    metadata: { author: 'Ada Lovelace', keywords: 'invoice, 2026' },
    facturX: { enabled: true, blockId: block.id, level: 'BASIC' },
  }, 'the management API returns what the editor set')
  t.equal(api.settings.missingVariables, 'error')
  t.equal(api.settings.cultureName, 'de-DE', 'a setting the form does not show is kept')

  const pdf = new Uint8Array(await (await h.call(`/render/pdf/${doc.id}`, { body: { number: 42, customer: 'Ada' } })).arrayBuffer())
  const info = pdfInfo(pdf)
  t.equal(info.Tagged, 'no', 'rendered untagged')
  t.equal(info.Author, 'Ada Lovelace')
  t.equal(info.Keywords, 'invoice, 2026')
  const xml = pdfAttachments(pdf).get('factur-x.xml')?.toString('utf8') ?? ''
  t.match(xml, /<n>42<\/n>/, 'factur-x.xml is rendered from the block with the request data')
  const missing = await h.call(`/render/pdf/${doc.id}`, { body: { number: 42 } })
  t.equal(missing.status, 400, 'a variable the data lacks is refused')
  t.match(await missing.text(), /customer/)

  // Back to the defaults: the form stores no pdf settings at all.
  await page.getByRole('tab', { name: 'Page settings' }).click()
  t.ok(await page.getByLabel(/Factur-X \/ ZUGFeRD e-invoice/).isChecked(), 'the saved settings are shown')
  await page.getByLabel('Tagged PDF (a structure tree for screen readers)').check()
  await page.getByLabel('Bookmarks from the headings (documents of more than one page)').check()
  await page.getByLabel('PDF/A (archiving)').selectOption('')
  await page.getByLabel('Language').fill('')
  await page.getByLabel('Author').fill('')
  await page.getByLabel('Keywords').fill('')
  await page.getByLabel(/Factur-X \/ ZUGFeRD e-invoice/).uncheck()
  await page.getByLabel('Invoice XML block').selectOption('')
  await page.getByLabel('Missing variables').selectOption('warn')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await page.waitForURL(/\?saved=draft/)
  const cleared = (await (await h.call(`/api/v1/templates/${doc.id}`)).json()) as { settings: Record<string, unknown> }
  t.notOk('pdf' in cleared.settings, 'no pdf member is stored')
  t.notOk('missingVariables' in cleared.settings, 'missingVariables is back at its default (absent)')
})
