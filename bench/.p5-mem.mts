import { RenderPool } from '../pool/index.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { INVOICE_TEMPLATE, invoiceData } from '../bench/fixtures/invoice.js'
const mb = () => (process.memoryUsage().rss / 2 ** 20).toFixed(0) + ' MB'
console.log('main start', mb())
const config = loadConfig({ LOG_LEVEL: 'silent' })
const task = buildTask(config, 'pdf', { source: { kind: 'template', main: { cacheKey: contentKey(INVOICE_TEMPLATE), text: INVOICE_TEMPLATE }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }, data: invoiceData(40) })
const pool = new RenderPool({ threads: +(process.env.TH ?? 2), renderTimeoutMs: 60000, maxQueue: 1000, workerMemoryMb: +(process.env.WMB ?? 512) })
await pool.ready
console.log('pool ready', mb())
let peak = 0
const s = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 20)
const t0 = performance.now(); for (let r = 0; r < 4; r++) {
  await Promise.all(Array.from({ length: 4 }, async () => { for (let i = 0; i < 15; i++) await pool.run(task) }))
  console.log('after', (r + 1) * 60, 'renders', mb(), 'peak', (peak / 2 ** 20).toFixed(0))
}
clearInterval(s); console.log("renders/s", (240 / ((performance.now() - t0) / 1000)).toFixed(1))
await pool.destroy()
