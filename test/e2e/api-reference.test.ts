// The API reference at /docs end to end, in Debian's Chromium against a real server: the page lists the
// operations from /openapi.json, and its form sends a request with the key typed at the top — a raw-HTML
// PDF render comes back 200 — while without a key the same form shows the 401 problem.
import t from 'tap'
import { build } from '../helpers/build.js'
import { launchBrowser, newPage } from './browser.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['chromium'] })

t.setTimeout(600_000)

t.test('/docs lists the API and sends requests with the typed key', async (t) => {
  const h = await build(t)
  const browser = await launchBrowser(t)
  const page = await newPage(t, browser)
  await page.goto(`${h.baseUrl}/docs`)
  await page.waitForSelector('details.op', { timeout: 60_000 })
  t.ok(await page.locator('details.op').count() >= 40, 'every operation is listed')
  t.ok(await page.locator('#templateto-compatibility').count() === 1, 'grouped by tag')

  const op = page.locator('details.op', { has: page.locator('summary code', { hasText: /^\/render\/\{format\}\/fromhtml$/ }) }).first()
  await op.locator('summary').click()
  await op.getByLabel('format (in the path)').fill('pdf')
  await op.locator('textarea').fill(JSON.stringify({ base64HtmlString: Buffer.from('<p>from the docs page</p>').toString('base64') }))

  await op.getByRole('button', { name: 'Send' }).click()
  await op.locator('.status', { hasText: '401' }).waitFor({ timeout: 60_000 })
  t.match(await op.locator('.response pre').textContent(), /QUIRE_ERR_AUTH_MISSING/, 'without a key: the problem body')
  t.match(await op.locator('.samples pre').first().textContent(), /curl -X POST 'http:\/\/127\.0\.0\.1:\d+\/render\/pdf\/fromhtml'[\s\S]*-H 'X-Api-Key: <API_KEY>'[\s\S]*base64HtmlString/, 'a curl sample of the same request')
  t.match(await op.locator('.samples pre').nth(1).textContent(), /quire\.POST\("\/render\/\{format\}\/fromhtml", \{ params: \{ path: \{"format":"pdf"\} \}, body: \{ ?"base64HtmlString"/, 'and through the TypeScript client')

  await page.locator('#api-key').fill(h.key)
  await op.getByRole('button', { name: 'Send' }).click()
  await op.locator('.status', { hasText: '200' }).waitFor({ timeout: 120_000 })
  t.match(await op.textContent(), /application\/pdf/, 'the PDF comes back')
  t.match(await op.getByRole('link', { name: /Download/ }).textContent(), /Download result\.pdf \(\d+ bytes\)/, 'the download is named with its extension')
})
