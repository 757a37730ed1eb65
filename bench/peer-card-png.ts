// Why Chromium's 1200×630 card PNG cost the earlier bench 190–335 ms of CPU while a warm page renders other
// cards at 18–21/s: the bench card (bench/fixtures/og-card.ts) is a full-bleed linear gradient, and Chromium's
// PNG encoding of a gradient is what costs. One warm page, the viewport set once, one render in flight; CPU of
// Chromium's whole process tree per render, for the card, the same card on a solid background, the card as
// JPEG, the card's setContent alone, and a near-empty page.
//   node --import tsx bench/peer-card-png.ts [--seconds 3]
import { parseArgs } from 'node:util'
import { startChromium } from './chromium.js'
import { OG_CARD_HTML } from './fixtures/og-card.js'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' } } })
const solid = OG_CARD_HTML.replace(/background: linear-gradient\([^;]*\);/, 'background: #0f172a;')
if (solid === OG_CARD_HTML) throw new Error('the card has no linear-gradient background any more: update this bench')

const browser = await startChromium(1)
try {
  const variants: [string, () => Promise<unknown>][] = [
    ['card, PNG', () => browser.png(OG_CARD_HTML, 1200, 630, false)],
    ['card on a solid background, PNG', () => browser.png(solid, 1200, 630, false)],
    ['card, JPEG', () => browser.jpeg(OG_CARD_HTML, 1200, 630)],
    ['card, setContent only', () => browser.load(OG_CARD_HTML, 1200, 630)],
    ['<p>x</p>, PNG', () => browser.png('<p>x</p>', 1200, 630, false)],
  ]
  console.log('| variant | renders/s | Chromium CPU ms per render |\n| --- | --- | --- |')
  for (const [name, once] of variants) {
    await once()
    await once()
    const cpu = browser.cpu()
    const started = performance.now()
    let n = 0
    while (performance.now() - started < Number(values.seconds) * 1000) { await once(); n++ }
    const seconds = (performance.now() - started) / 1000
    console.log(`| ${name} | ${(n / seconds).toFixed(1)} | ${(((browser.cpu() - cpu) * 1000) / n).toFixed(1)} |`)
  }
} finally {
  await browser.close()
}
