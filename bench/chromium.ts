// The peer we measure against: Debian's Chromium driven by playwright-core, warm pages (one per request in
// flight, as a Chromium-based service keeps them).
import { readFileSync, readdirSync } from 'node:fs'
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core'
import { treeCpuSeconds } from './throughput.mjs'

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
  jpeg(html: string, width: number, height: number): Promise<Buffer>
  /** setContent alone, at a viewport of that size (what a screenshot costs beyond it, by difference). */
  load(html: string, width: number, height: number): Promise<void>
  rss(): number
  /** CPU seconds of the browser's process tree. */
  cpu(): number
  close(): Promise<void>
}

export async function startChromium(pages = 1): Promise<WarmChromium> {
  const server: BrowserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: ARGS })
  const browser: Browser = await chromium.connect(server.wsEndpoint())
  const idle: Page[] = []
  for (let i = 0; i < pages; i++) idle.push(await browser.newPage({ viewport: { width: 800, height: 1200 } }))
  const waiting: ((page: Page) => void)[] = []
  /** Runs `job` on a free page (requests beyond the number of pages wait for one). */
  const onPage = async <T>(job: (page: Page) => Promise<T>): Promise<T> => {
    const page = idle.pop() ?? await new Promise<Page>((resolve) => waiting.push(resolve))
    try {
      return await job(page)
    } finally {
      const next = waiting.shift()
      if (next) next(page)
      else idle.push(page)
    }
  }
  const pid = server.process().pid!
  /** The viewport is set per size, once: a page keeps it for the next render of that size. */
  const loadAt = async (page: Page, html: string, width: number, height: number) => {
    const size = page.viewportSize()
    if (size?.width !== width || size?.height !== height) await page.setViewportSize({ width, height })
    await page.setContent(html, { waitUntil: 'load' })
  }
  return {
    pdf: (html) => onPage(async (page) => {
      await page.setContent(html, { waitUntil: 'load' })
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, margin: { top: '0.4in', right: '0.4in', bottom: '0.4in', left: '0.4in' } })
    }),
    png: (html, width, height, fullPage) => onPage(async (page) => {
      await loadAt(page, html, width, height)
      return page.screenshot({ type: 'png', fullPage })
    }),
    jpeg: (html, width, height) => onPage(async (page) => {
      await loadAt(page, html, width, height)
      return page.screenshot({ type: 'jpeg', quality: 90 })
    }),
    load: (html, width, height) => onPage((page) => loadAt(page, html, width, height)),
    rss: () => treeRss(pid),
    cpu: () => treeCpuSeconds(pid),
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
