// The web interface end to end, in Debian's Chromium against a real server on loopback: an admin signs
// in, creates a template, types Liquid and watches the preview change, publishes, renders that version
// through the API with a key made in the UI, rolls the key (old value → 401), creates a content block
// and uses it as the footer; then an editor finds no key controls and forged key requests get 403.
import t from 'tap'
import type { Page } from 'playwright-core'
import { build } from '../helpers/build.js'
import { pdfText } from '../helpers/tools.js'
import { launchBrowser, newPage, shot } from './browser.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['chromium', 'pdftotext'] })

const RENDER_WAIT_MS = 90_000

async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

function renders(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.getElementById('preview-frame')!.dataset.renders ?? 0))
}

/** Waits until a render newer than `after` has landed and nothing is pending any more. */
async function settledPreview(page: Page, after: number): Promise<number> {
  await page.waitForFunction((n) => {
    const frame = document.getElementById('preview-frame')!
    const error = document.getElementById('preview-error')!
    return (Number(frame.dataset.renders ?? 0) > n || !error.hidden) && !frame.hasAttribute('aria-busy')
  }, after, { timeout: RENDER_WAIT_MS })
  await page.waitForTimeout(600)
  await page.waitForFunction(() => !document.getElementById('preview-frame')!.hasAttribute('aria-busy'), undefined, { timeout: RENDER_WAIT_MS })
  return renders(page)
}

/** FNV-1a over the preview's pixels (drawn on a canvas: the image is a blob: URL of this page). */
function previewDigest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const img = document.getElementById('preview-image') as HTMLImageElement
    const canvas = document.createElement('canvas')
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const context = canvas.getContext('2d')!
    context.drawImage(img, 0, 0)
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data
    let hash = 0x811c9dc5
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 0x01000193) >>> 0
    return `${canvas.width}x${canvas.height}:${hash.toString(16)}`
  })
}

async function replaceCode(page: Page, panel: string, text: string): Promise<void> {
  await page.locator(`${panel} .cm-content`).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

t.test('admin designs, publishes and hands out a key; editor cannot manage keys', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'admin@example.com', password: 'admin-password', role: 'admin' })
  await h.app.store.users.create({ accountId: h.accountId, email: 'editor@example.com', password: 'editor-password', role: 'editor' })
  const browser = await launchBrowser(t)
  const page = await newPage(t, browser)

  // ---- sign in (a wrong password first: a clear message, no session) ----
  await signIn(page, h.baseUrl, 'admin@example.com', 'not-the-password')
  await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor()
  t.match(page.url(), /\/sign-in$/, 'a wrong password stays on the sign-in page')
  await shot(page, 'sign-in')
  await signIn(page, h.baseUrl, 'admin@example.com', 'admin-password')
  await page.waitForURL(/\/templates$/)
  const cookies = await page.context().cookies()
  const session = cookies.find((c) => c.name === 'quire_session')
  t.ok(session, 'a session cookie is set')
  t.equal(session?.httpOnly, true, 'the session cookie is HttpOnly')
  t.equal(session?.sameSite, 'Lax', 'the session cookie is SameSite=Lax')

  // ---- create a template ----
  await page.getByLabel('New template').fill('Welcome letter')
  await page.getByRole('button', { name: 'Create template' }).click()
  await page.waitForURL(/\/templates\/tpl_[A-Za-z0-9]+$/)
  const templateId = page.url().split('/').pop()!
  let count = await settledPreview(page, 0)
  t.ok(count >= 1, 'the preview renders when the editor opens')

  // ---- type Liquid, see the preview change ----
  await replaceCode(page, '#panel-html', '<h1 style="color: #1d4ed8">Welcome aboard</h1>\n<p>Dear ')
  count = await settledPreview(page, count)
  const before = await previewDigest(page)
  await page.keyboard.type('{{ customer }}, your plan is {{ plan | upcase }}.')
  await page.keyboard.insertText('</p>')
  count = await settledPreview(page, count)
  const after = await previewDigest(page)
  t.not(after, before, 'typing Liquid changes the rendered preview')
  t.equal(await page.locator('#html-source').inputValue(),
    '<h1 style="color: #1d4ed8">Welcome aboard</h1>\n<p>Dear {{ customer }}, your plan is {{ plan | upcase }}.</p>',
    'the form holds exactly what was typed')

  await page.getByRole('tab', { name: 'Sample data' }).click()
  await replaceCode(page, '#panel-data', '{ "customer": "Ada Lovelace", "plan": "team" }')
  count = await settledPreview(page, count)
  t.not(await previewDigest(page), after, 'changing the sample data changes the preview too')

  // a template error is shown in words and at its line in the editor
  await page.getByRole('tab', { name: 'HTML & Liquid' }).click()
  await page.locator('#panel-html .cm-content').click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.insertText('\n\n{% if plan %}unclosed')
  await page.locator('#preview-error').filter({ hasText: /Line 4, column 1: .*if/i }).waitFor({ timeout: RENDER_WAIT_MS })
  await page.locator('#panel-html .cm-lint-marker-error').waitFor()
  const markedLine = await page.evaluate(() => {
    const marker = document.querySelector('#panel-html .cm-lint-marker-error')!.closest('.cm-gutterElement') as HTMLElement
    const numbers = [...document.querySelectorAll<HTMLElement>('#panel-html .cm-lineNumbers .cm-gutterElement')]
    return numbers.find((n) => Math.abs(n.getBoundingClientRect().top - marker.getBoundingClientRect().top) < 2)?.textContent
  })
  t.equal(markedLine, '4', 'the error marker sits on line 4, where the unclosed tag is')
  await shot(page, 'editor-error')
  await page.keyboard.insertText('{% endif %}')
  count = await settledPreview(page, count)
  t.ok(await page.locator('#preview-error').isHidden(), 'fixing the template clears the error')

  // ---- publish ----
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await page.waitForURL(/\?saved=publish$/)
  await page.getByText('Saved as a new version and published').waitFor()
  const versionId = (await page.locator('#versions .version.published code').textContent())!.trim()
  t.match(versionId, /^ver_[A-Za-z0-9]+$/, 'the history shows the published version id')
  count = await settledPreview(page, 0)
  await shot(page, 'editor')

  // ---- an API key made in the UI renders that version ----
  await page.getByRole('link', { name: 'API keys' }).click()
  await page.getByLabel('New key name').fill('billing backend')
  await page.getByRole('button', { name: 'Create key' }).click()
  const keyField = page.locator('#new-key-value')
  await keyField.waitFor()
  const key = await keyField.inputValue()
  t.match(key, /^qk_[A-Za-z0-9]{40}$/, 'the full key is shown once')
  t.match(await page.locator('#curl-example').textContent(), new RegExp(`/render/pdf/${templateId}[\\s\\S]*X-Api-Key: ${key}`), 'with a curl example')
  await shot(page, 'api-keys')

  const data = { customer: 'Grace Hopper', plan: 'enterprise' }
  const byVersion = await h.call(`/render/pdf/${templateId}/v/${versionId}`, { key, body: data })
  t.equal(byVersion.status, 200, 'the version renders with the new key')
  t.equal(byVersion.headers.get('content-type'), 'application/pdf')
  t.match(pdfText(new Uint8Array(await byVersion.arrayBuffer())), /Dear Grace Hopper, your plan is ENTERPRISE\./)
  const published = await h.call(`/render/pdf/${templateId}`, { key, body: data })
  t.equal(published.status, 200, 'and it is the published version')

  await page.reload()
  const row = page.locator('tr', { hasText: 'billing backend' })
  t.equal((await row.locator('td.num').first().textContent())?.trim(), '2', 'the list counts the two requests')
  t.equal((await row.locator('td.num').nth(1).textContent())?.trim(), '2', 'and the two PDFs')
  t.equal(await page.locator('#new-key-value').count(), 0, 'the key is not shown again')

  // ---- roll: new value, same name, old value refused at once ----
  page.once('dialog', (dialog) => void dialog.accept())
  await row.getByRole('button', { name: 'Roll the key billing backend' }).click()
  await page.getByRole('heading', { name: 'Rolled “billing backend”' }).waitFor()
  const rolled = await page.locator('#new-key-value').inputValue()
  t.not(rolled, key, 'rolling gives a new value')
  t.equal((await h.call(`/render/pdf/${templateId}`, { key, body: data })).status, 401, 'the old value is refused at once')
  t.equal((await h.call(`/render/pdf/${templateId}`, { key: rolled, body: data })).status, 200, 'the new value works')
  const keyId = (await page.locator('tr', { hasText: 'billing backend' }).getAttribute('data-key-id'))!

  // ---- a content block as the footer ----
  await page.getByRole('link', { name: 'Content blocks' }).click()
  await page.getByLabel('New content block').fill('Letter footer')
  await page.getByRole('button', { name: 'Create content block' }).click()
  await page.waitForURL(/\/blocks\/cb_[A-Za-z0-9]+$/)
  const blockId = page.url().split('/').pop()!
  count = await settledPreview(page, 0)
  await replaceCode(page, '#panel-html', '<p style="font-size: 9pt">Northwind footer, page {{ page }} of {{ pages }}</p>')
  await settledPreview(page, count)
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await page.waitForURL(/\?saved=publish$/)

  await page.goto(`${h.baseUrl}/templates/${templateId}`)
  count = await settledPreview(page, 0)
  await page.getByRole('tab', { name: 'Page settings' }).click()
  await page.getByLabel('Show a footer').check()
  await page.getByLabel('Footer block').selectOption(blockId)
  await settledPreview(page, count)
  await shot(page, 'editor-settings')
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await page.waitForURL(/\?saved=publish$/)
  const withFooter = await h.call(`/render/pdf/${templateId}`, { key: rolled, body: data })
  t.equal(withFooter.status, 200)
  const text = pdfText(new Uint8Array(await withFooter.arrayBuffer()))
  t.match(text, /Northwind footer, page 1 of 1/, 'the published template renders the block as its footer')
  t.match(text, /Dear Grace Hopper/)

  await page.goto(`${h.baseUrl}/templates`)
  await shot(page, 'templates')

  // ---- the editor: sees keys, no controls, forged requests refused ----
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(/\/sign-in$/)
  await signIn(page, h.baseUrl, 'editor@example.com', 'editor-password')
  await page.waitForURL(/\/templates$/)
  t.equal(await page.getByRole('link', { name: 'Users' }).count(), 0, 'editors have no Users link')
  await page.getByRole('link', { name: 'API keys' }).click()
  await page.locator('tr', { hasText: 'billing backend' }).waitFor()
  t.equal(await page.getByRole('button', { name: 'Create key' }).count(), 0, 'no create control')
  t.equal(await page.getByRole('button', { name: /^Roll/ }).count(), 0, 'no roll control')
  t.equal(await page.getByRole('button', { name: /^Delete/ }).count(), 0, 'no delete control')
  await page.locator('#editor-keys-note').waitFor()
  await shot(page, 'api-keys-editor')

  const forged = await page.evaluate(async (id) => {
    const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content
    const post = (url: string, body: string) => fetch(url, {
      method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf },
    }).then((r) => r.status)
    return {
      create: await post('/keys', 'name=forged'),
      roll: await post(`/keys/${id}/roll`, ''),
      delete: await post(`/keys/${id}/delete`, ''),
      users: await fetch('/users').then((r) => r.status),
    }
  }, keyId)
  t.same(forged, { create: 403, roll: 403, delete: 403, users: 403 }, 'the server refuses forged key requests from an editor')
  t.equal((await h.call(`/render/pdf/${templateId}`, { key: rolled, body: data })).status, 200, 'the key still works after the forged roll and delete')
  t.equal((await h.app.store.apiKeys.list(h.accountId)).length, 2, 'and no key was created')
})
