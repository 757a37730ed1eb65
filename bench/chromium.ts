// The peer we measure against: Debian's Chromium driven by playwright-core, one warm page.
import { readFileSync, readdirSync } from 'node:fs'
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--hide-scrollbars', '--font-render-hinting=none']

/** Resident memory (bytes) of a process and all its descendants, from /proc. */
export function treeRss(rootPid: number): number {
  const parent = new Map<number, number>()
  const rss = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parent.set(Number(entry), Number(fields[1]))
      rss.set(Number(entry), Number(fields[21]) * 4096)
    } catch { /* the process ended meanwhile */ }
  }
  let total = 0
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p; p = parent.get(p)) {
      if (p === rootPid) { total += bytes; break }
    }
  }
  return total
}

export interface WarmChromium {
  pdf(html: string): Promise<Buffer>
  png(html: string, width: number, height: number, fullPage: boolean): Promise<Buffer>
  rss(): number
  close(): Promise<void>
}

export async function startChromium(): Promise<WarmChromium> {
  const server: BrowserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: ARGS })
  const browser: Browser = await chromium.connect(server.wsEndpoint())
  const page: Page = await browser.newPage({ viewport: { width: 800, height: 1200 } })
  const pid = server.process().pid!
  return {
    async pdf(html) {
      await page.setContent(html, { waitUntil: 'load' })
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, margin: { top: '0.4in', right: '0.4in', bottom: '0.4in', left: '0.4in' } })
    },
    async png(html, width, height, fullPage) {
      await page.setViewportSize({ width, height })
      await page.setContent(html, { waitUntil: 'load' })
      return page.screenshot({ type: 'png', fullPage })
    },
    rss: () => treeRss(pid),
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
