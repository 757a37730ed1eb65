// The bench's social card (bench/fixtures/og-card.ts: a gradient canvas, a round logo, two lines of text) through
// the whole image renderer in this process: CPU time per render (sharp's threads included) and RSS.
//   node --import tsx renderers/image/card.bench.ts [renders=40]
import { renderImage } from './index.js'
import { WARM_UP_IMAGE } from '../../pool/warm-up-task.js'
import { OG_CARD_HTML } from '../../bench/fixtures/og-card.js'

const task = {
  ...WARM_UP_IMAGE,
  source: { ...WARM_UP_IMAGE.source, main: { cacheKey: 'card', text: OG_CARD_HTML } },
  image: { ...WARM_UP_IMAGE.image, width: 1200, height: 630 },
  limits: { ...WARM_UP_IMAGE.limits, maxImageDimension: 16_384 },
}
for (let i = 0; i < 10; i++) await renderImage(task)
const renders = Number(process.argv[2] ?? 40)
const started = process.cpuUsage()
const wall = performance.now()
for (let i = 0; i < renders; i++) await renderImage(task)
const used = process.cpuUsage(started)
const perRender = (used.user + used.system) / 1000 / renders
console.log(`card 1200×630: ${perRender.toFixed(1)} ms CPU, ${((performance.now() - wall) / renders).toFixed(1)} ms wall per render; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`)
