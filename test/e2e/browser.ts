// Debian's Chromium driven by playwright-core (no downloaded browser). One browser per test file,
// closed when the test ends. QUIRE_SCREENSHOTS=dir makes `shot()` save full-size PNGs there (README).
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import type { Test } from 'tap'

export const CHROMIUM = '/usr/bin/chromium'
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export async function launchBrowser(t: Test): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (npm test's pretest step does this)`)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  t.teardown(() => browser.close())
  return browser
}

/** A page that fails the test on any script error or CSP violation, so broken pages cannot pass quietly. */
export async function newPage(t: Test, browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 960 } })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  page.on('pageerror', (error) => t.fail(`script error in the page: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|403|422)/.test(message.text())) t.fail(`console error: ${message.text()}`)
  })
  return page
}

export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.QUIRE_SCREENSHOTS
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`) })
}
