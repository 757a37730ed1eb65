import { readFileSync } from 'node:fs'
import { parseHtml } from './renderers/document/parse-html.js'
import { buildStyledDocument } from './renderers/document/index.js'
for (const name of ['sparksuite-invoice', 'weasyprint-report', 'mnjul-resume', 'weasyprint-letter']) {
  const html = readFileSync(`/work/shared/corpus/${name}/template.html`, 'utf8')
  const media = { type: 'print', width: 794, height: 1123 } as const
  for (let i = 0; i < 30; i++) buildStyledDocument(html, media)
  const N = 200
  let t0 = performance.now(); for (let i = 0; i < N; i++) parseHtml(html); const p = (performance.now() - t0) / N
  t0 = performance.now(); for (let i = 0; i < N; i++) buildStyledDocument(html, media); const b = (performance.now() - t0) / N
  console.log(name, 'parse', p.toFixed(3), 'total', b.toFixed(3))
}
