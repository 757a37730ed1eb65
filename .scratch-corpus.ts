import { renderPdf } from '/work/main/renderers/pdf/index.ts'
import { readFileSync, writeFileSync } from 'node:fs'
const entries = process.argv.slice(2)
for (const entry of entries) {
  const html = readFileSync(`/work/shared/corpus/${entry}/template.html`, 'utf8')
  const m = 0.4 * 25.4
  const settings = { paper: { size: 'A4' }, orientation: 'portrait', printBackground: true, marginsMm: { top: m, right: m, bottom: m, left: m },
    header: { enabled: false, blockId: null }, footer: { enabled: false, blockId: null }, cover: { enabled: false },
    security: { passwordEnabled: false, password: '', permitPrint: true, permitModify: false, permitExtract: false, permitAnnotations: false },
    disablePageBreakCalculation: false }
  const task = { format: 'pdf', source: { kind: 'html', main: { cacheKey: entry, text: html }, blocks: {}, header: null, footer: null, settings },
    data: {}, limits: { maxPages: 100, maxImagePixels: 1e8, maxImageDimension: 10000, maxClips: 10, maxHtmlChars: 1e7, templateRenderMs: 5000 },
    fetch: { allowHosts: [], timeoutMs: 1000, maxBytes: 1e7 }, now: '2024-01-01T00:00:00Z' }
  try {
    const t0 = performance.now()
    const out = await renderPdf(task as any)
    writeFileSync(`/tmp/pdfscratch/${entry}.pdf`, out.bytes)
    console.log(entry, Math.round(performance.now() - t0), 'ms', out.warnings.length, 'warnings')
  } catch (e) { console.log(entry, 'FAILED', e) }
}
