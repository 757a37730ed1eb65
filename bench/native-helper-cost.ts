// What the native helper process costs: resvg drawing the corpus's page SVGs (800 × 1200 viewport captures,
// images left out) in the render worker and in the helper (renderers/isolated), alternated page by page
// (the order swapped every round, the machine being noisy), and how many of the pages paint-bounds.ts
// cannot prove safe (those alone are drawn in the helper).
//   node --import tsx bench/native-helper-cost.ts [rounds=3]
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { CORPUS_DIR } from './corpus-dir.js'
import { buildStyledDocument } from '../renderers/document/index.js'
import { fontStore } from '../renderers/fonts/font-store.js'
import { displayList } from '../renderers/layout/display-list.js'
import { layoutDocument } from '../renderers/layout/layout-document.js'
import { withYoga } from '../renderers/layout/yoga.js'
import { displayListSvg } from '../renderers/image/display-list-svg.js'
import { rasterizeIsolated, rasterizeSvg } from '../renderers/image/rasterize-svg.js'
import { Warnings } from '../renderers/warnings.js'

const rounds = Number(process.argv[2] ?? 3)
const dirs = [CORPUS_DIR, `${CORPUS_DIR}-grown`].filter(existsSync)
const pages: string[] = []
let risky = 0
await withYoga(async () => {
  for (const dir of dirs) {
    for (const entry of readdirSync(dir).sort()) {
      const file = `${dir}/${entry}/template.html`
      if (!existsSync(file)) continue
      const doc = buildStyledDocument(readFileSync(file, 'utf8'), { type: 'screen', width: 800, height: 1200 })
      const engines = { fonts: fontStore(), images: new Map(), warnings: new Warnings() }
      const laid = layoutDocument(doc, engines, 800, 1200, 'screen')
      const page = displayListSvg(displayList(laid.root), laid.root, { width: 800, height: 1200, ...engines, glyphMasks: false })
      pages.push(page.svg)
      if (page.risky) risky++
    }
  }
})
await rasterizeIsolated(pages[0], 1, '#ffffff')
const ms = { worker: 0, helper: 0 }
for (let round = 0; round < rounds; round++) {
  for (const svg of pages) {
    const order = round % 2 ? (['helper', 'worker'] as const) : (['worker', 'helper'] as const)
    for (const where of order) {
      const started = performance.now()
      if (where === 'worker') rasterizeSvg(svg, 1, '#ffffff')
      else await rasterizeIsolated(svg, 1, '#ffffff')
      ms[where] += performance.now() - started
    }
  }
}
const per = (v: number) => (v / rounds / pages.length).toFixed(1)
console.log(`${pages.length} pages (${risky} not provably safe): resvg in the worker ${per(ms.worker)} ms per page, in the helper ${per(ms.helper)} ms (× ${(ms.helper / ms.worker).toFixed(2)})`)
