// Styled-tree build time for two corpus templates: `npx tsx renderers/document/document.bench.ts [N]`.
import { readFileSync } from 'node:fs'
import { CORPUS_DIR as CORPUS } from '../../bench/corpus-dir.js'
import { buildStyledDocument } from './index.js'

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200)
const media = { type: 'print', width: 794, height: 1123 } as const

for (const name of ['sparksuite-invoice', 'weasyprint-report']) {
  const html = readFileSync(`${CORPUS}/${name}/template.html`, 'utf8')
  for (let i = 0; i < 20; i++) buildStyledDocument(html, media) // warm-up: JIT and the stylesheet cache
  const start = performance.now()
  for (let i = 0; i < N; i++) buildStyledDocument(html, media)
  const ms = (performance.now() - start) / N
  console.log(`${name}: ${ms.toFixed(3)} ms per build (${N} builds, ${(1000 / ms).toFixed(0)} builds/s)`)
}
