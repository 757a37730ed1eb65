// Regenerates the README screenshots (docs/screenshots/*.png) from a throw-away server with the sample
// invoice, in Debian's Chromium:
//   NODE_OPTIONS='--import tsx/esm' node web/screenshots.ts
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { seedIfEmpty } from '../src/sample/index.js'

const out = join(dirname(fileURLToPath(import.meta.url)), '../docs/screenshots')
const dataDir = mkdtempSync(join(tmpdir(), 'quire-screens-'))
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RENDER_THREADS: '1', HOST: '127.0.0.1', PORT: '0' })
const app = await buildApp(config, { logger: false })
const seeded = (await seedIfEmpty(app.store))!
await app.store.users.create({ accountId: seeded.accountId, email: 'ada@example.com', password: 'screenshot-password', role: 'admin' })
await app.store.users.create({ accountId: seeded.accountId, email: 'grace@example.com', password: 'screenshot-password', role: 'editor' })
const footer = await app.store.blocks.create(seeded.accountId, { name: 'Invoice footer', html: '<p style="font-size: 8pt; color: #6b7280; text-align: center">Northwind Studio LLC · Page {{ page }} of {{ pages }}</p>', sampleData: { page: 1, pages: 2 } })
await app.store.blocks.createVersion(seeded.accountId, footer.id, { publish: true })
await app.store.templates.updateDraft(seeded.accountId, seeded.templateId, { settings: { footer: { enabled: true, blockId: footer.id } } })
await app.store.templates.createVersion(seeded.accountId, seeded.templateId, { publish: true })
const ci = await app.store.apiKeys.create(seeded.accountId, 'ci smoke tests')
await app.store.apiKeys.recordUsage(ci.record.id, 'request')
await app.store.apiKeys.recordUsage(ci.record.id, 'pdf')
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
mkdirSync(out, { recursive: true })

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => Number(document.getElementById('preview-frame')?.dataset.renders ?? 0) > 0, undefined, { timeout: 60_000 })
  await page.waitForFunction(() => !document.getElementById('preview-frame')!.hasAttribute('aria-busy'), undefined, { timeout: 60_000 })
}

try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${base}/sign-in`)
  await page.screenshot({ path: join(out, 'sign-in.png') })
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Password').fill('screenshot-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/templates$/)
  await page.screenshot({ path: join(out, 'templates.png') })

  await page.goto(`${base}/templates/${seeded.templateId}`)
  await settled(page)
  await page.screenshot({ path: join(out, 'editor.png') })
  await page.getByRole('tab', { name: 'Page settings' }).click()
  await page.screenshot({ path: join(out, 'editor-settings.png') })
  await page.locator('#versions').scrollIntoViewIfNeeded()
  await page.screenshot({ path: join(out, 'editor-versions.png') })

  await page.goto(`${base}/keys`)
  await page.getByLabel('New key name').fill('billing backend')
  await page.getByRole('button', { name: 'Create key' }).click()
  await page.locator('#new-key-value').waitFor()
  await page.screenshot({ path: join(out, 'api-keys.png') })

  await page.goto(`${base}/users`)
  await page.screenshot({ path: join(out, 'users.png') })

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
  await phone.context().addCookies(await page.context().cookies())
  await phone.goto(`${base}/templates/${seeded.templateId}`)
  await phone.screenshot({ path: join(out, 'editor-phone.png') })
  console.log(`screenshots → ${out}`)
} finally {
  await browser.close()
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
}
