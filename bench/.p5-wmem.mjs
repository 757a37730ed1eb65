import { Worker, isMainThread, parentPort } from 'node:worker_threads'
const mb = () => (process.memoryUsage().rss / 2 ** 20).toFixed(0)
if (isMainThread) {
  console.log('main', mb())
  const w = new Worker(new URL(import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512, ...(process.env.YG ? { maxYoungGenerationSizeMb: +process.env.YG } : {}) } })
  w.on('message', (m) => console.log(m, 'rss', mb()))
  w.on('exit', () => console.log('exit'))
} else {
  const say = (s) => { global.gc?.(); parentPort.postMessage(s + ' heap ' + (process.memoryUsage().heapUsed / 2**20).toFixed(0) + ' ext ' + (process.memoryUsage().external/2**20).toFixed(0)) }
  say('worker up')
  const { register } = await import('tsx/esm/api'); register(); say('tsx')
  const { renderPdf } = await import('/work/main/renderers/pdf/index.ts'); say('pdf imported')
  const { WARM_UP_PDF, WARM_UP_IMAGE } = await import('/work/main/pool/warm-up-task.ts')
  await renderPdf(WARM_UP_PDF); say('pdf warm')
  const { INVOICE_TEMPLATE, invoiceData } = await import('/work/main/bench/fixtures/invoice.ts')
  const { DEFAULT_SETTINGS } = await import('/work/main/src/settings.ts')
  const task = { ...WARM_UP_PDF, source: { ...WARM_UP_PDF.source, kind: 'template', main: { cacheKey: 'x', text: INVOICE_TEMPLATE }, settings: DEFAULT_SETTINGS }, data: invoiceData(40), limits: { ...WARM_UP_PDF.limits, maxPages: 100, maxHtmlChars: 1e7, templateRenderMs: 5000 } }
  let t0 = performance.now(); for (let i = 0; i < 60; i++) await renderPdf(task); say('60 invoices ' + ((performance.now() - t0) / 60).toFixed(1) + ' ms')
  if (!process.env.NOIMG) { const { renderImage } = await import('/work/main/renderers/image/index.ts'); say('image imported')
  await renderImage(WARM_UP_IMAGE); say('image warm') }
  process.exit(0)
}
