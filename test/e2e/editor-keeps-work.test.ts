// The editor never loses work, in Debian's Chromium against a real server: a save the server refuses (a Liquid
// syntax error) comes back with the text, the "unsaved changes" state and the leave-page prompt; only a good
// save clears them. Then the same user changes their password on the account page.
import t from 'tap'
import type { Page } from 'playwright-core'
import { build } from '../helpers/build.js'
import { launchBrowser, newPage } from './browser.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['chromium'] })

async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Whether leaving the page now asks first: closes it with beforeunload and reports whether a prompt came. */
async function leavingAsks(page: Page): Promise<boolean> {
  // Chromium shows the prompt only after the user has interacted with this page; a click on the page counts.
  await page.locator('h1').first().click()
  let asked = false
  page.once('dialog', (dialog) => { asked = dialog.type() === 'beforeunload'; void dialog.dismiss() })
  await page.evaluate(() => undefined)
  await page.close({ runBeforeUnload: true })
  // The dialog event arrives before close settles when there is one; give it a moment either way.
  await new Promise((resolve) => setTimeout(resolve, 500))
  return asked
}

t.test('a refused save keeps the edits, the unsaved state and the leave-page prompt', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'ada password', role: 'admin' })
  const browser = await launchBrowser(t)
  const page = await newPage(t, browser)
  await signIn(page, h.baseUrl, 'ada@example.com', 'ada password')
  await page.waitForURL(/\/templates$/)
  await page.getByLabel('New template').fill('Broken loop')
  await page.getByRole('button', { name: 'Create template' }).click()
  await page.waitForURL(/\/templates\/tpl_[A-Za-z0-9]+$/)
  const editorUrl = page.url()

  await page.locator('#panel-html .cm-content').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText('{% for i in (1..3) %}<p>{{ i }}</p>{% endfo %}')
  await page.locator('#dirty-state').filter({ hasText: 'Unsaved changes' }).waitFor()
  await page.getByRole('button', { name: 'Save draft' }).click()
  await page.locator('#form-errors').filter({ hasText: /Not saved/ }).waitFor()

  t.equal(await page.locator('#html-source').inputValue(), '{% for i in (1..3) %}<p>{{ i }}</p>{% endfo %}', 'the text is still there')
  t.match(await page.locator('#dirty-state').textContent(), /Unsaved changes/, 'the page still says the changes are unsaved')
  const stored = await h.app.store.templates.get(h.accountId, editorUrl.split('/').pop()!)
  t.notMatch(stored?.draft.html ?? '', /\{% endfo %\}/, 'nothing was stored')
  t.ok(await leavingAsks(page), 'leaving the page asks first')

  // A good save clears the state: leaving then does not ask.
  const again = await newPage(t, browser) // a context of its own: signed in anew
  await signIn(again, h.baseUrl, 'ada@example.com', 'ada password')
  await again.waitForURL(/\/templates$/)
  await again.goto(editorUrl)
  await again.locator('#panel-html .cm-content').click()
  await again.keyboard.press('ControlOrMeta+A')
  await again.keyboard.press('Delete')
  await again.keyboard.insertText('{% for i in (1..3) %}<p>{{ i }}</p>{% endfor %}')
  await again.getByRole('button', { name: 'Save draft' }).click()
  await again.waitForURL(/\?saved=/)
  t.equal(await again.locator('#dirty-state').textContent(), '', 'saved: no unsaved note')
  t.notOk(await leavingAsks(again), 'after a good save leaving does not ask')
})

t.test('a user changes their password on the account page', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ed@example.com', password: 'first password', role: 'editor' })
  const browser = await launchBrowser(t)
  const page = await newPage(t, browser)
  await signIn(page, h.baseUrl, 'ed@example.com', 'first password')
  await page.waitForURL(/\/templates$/)
  await page.getByRole('link', { name: 'ed@example.com' }).click()
  await page.waitForURL(/\/account$/)
  await page.getByLabel('Current password').fill('first password')
  await page.getByLabel('New password (at least 8 characters)').fill('second password')
  await page.getByLabel('New password again').fill('second password')
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor()
  t.ok(await h.app.store.users.verify('ed@example.com', 'second password'), 'the new password is stored')
})
