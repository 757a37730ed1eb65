// Image back-end bench, per stage, on a 1200×630 OG card and an A4 invoice page: the layout engine's
// display list painted as SVG (glyphs as outlines) to pixels, then PNG encoding; then RSS over many renders
// (resvg-js 2.6.2 holds native memory until its wrappers are collected).
//   node --import tsx renderers/image/image.bench.ts [renders=500]
import { defaultStyle } from '../document/default-style.js'
import type { ComputedStyle, StyledDocument, StyledElement, StyledNode } from '../document/styled-tree.js'
import { encodeImage } from './encode-image.js'
import { layoutRaster } from './layout-raster.js'
import { Warnings } from '../warnings.js'
import { withYoga } from '../layout/yoga.js'

const px = (n: number) => ({ px: n, pct: 0 })
const black = { r: 0, g: 0, b: 0, a: 1 }
const el = (tag: string, style: Partial<ComputedStyle>, children: StyledNode[] = []): StyledElement =>
  ({ kind: 'element', tag, attrs: {}, style: { ...defaultStyle(), display: 'block', ...style }, children, marker: null })
const text = (t: string): StyledNode => ({ kind: 'text', text: t, style: defaultStyle() })
const doc = (children: StyledNode[]): StyledDocument => ({
  root: el('html', {}, [el('body', { marginTop: px(8), marginLeft: px(8), marginRight: px(8), marginBottom: px(8) }, children)]),
  title: null, page: { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }, warnings: [],
})

const ogCard = doc([
  el('div', { height: px(614), display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', backgroundColor: { r: 250, g: 250, b: 250, a: 1 } }, [
    el('div', { fontSize: 100, fontWeight: 700, fontFamily: ['Arial'] }, [text('Hello World')]),
    el('div', { fontSize: 40, fontFamily: ['Arial'], color: { r: 90, g: 90, b: 90, a: 1 } }, [text('Rendering documents without a browser')]),
  ]),
])

const border = { width: 1, style: 'solid' as const, color: { r: 221, g: 221, b: 221, a: 1 } }
const cell = (t: string, right = false) => el('td', { display: 'table-cell', paddingTop: px(5), paddingBottom: px(5), paddingLeft: px(5), paddingRight: px(5), borderBottom: border, textAlign: right ? 'right' : 'left' }, [text(t)])
const rows = Array.from({ length: 30 }, (_, i) => el('tr', { display: 'table-row' }, [cell(`Line item ${i + 1}: consulting and design work, billed hourly`), cell(`$${(i * 37.5).toFixed(2)}`, true)]))
const invoice = doc([
  el('h1', { fontSize: 45, fontFamily: ['Helvetica Neue', 'Helvetica', 'Arial'], marginBottom: px(20) }, [text('Invoice #123')]),
  el('p', { fontFamily: ['Arial'], fontSize: 16, color: black, marginBottom: px(16) }, [text('Sparksuite, Inc. 12345 Sunny Road, Sunnyville, CA 12345. '.repeat(6))]),
  el('table', { display: 'table', width: { px: 0, pct: 100 }, fontFamily: ['Arial'], fontSize: 16, borderCollapse: 'collapse' }, rows),
])

const LIMITS = { maxPages: 100, maxImagePixels: 50_000_000, maxImageDimension: 16_384, maxClips: 10, maxHtmlChars: 5_000_000, templateRenderMs: 5_000 }

async function renderLayout(d: StyledDocument, width: number, height: number) {
  const t0 = performance.now()
  // The card is a flex container: yoga's WebAssembly is loaded for the render, as renderImage does.
  const raster = await withYoga(async () => layoutRaster({ doc: d, images: new Map(), warnings: new Warnings(), width, viewportHeight: height, fullPage: false, scale: 1, limits: LIMITS }))
  const t1 = performance.now()
  await encodeImage(raster, { format: 'png', quality: 90 })
  const t2 = performance.now()
  return { layout: t1 - t0, sharp: t2 - t1 }
}

async function timeLayout(name: string, d: StyledDocument, width: number, height: number, runs = 15) {
  await renderLayout(d, width, height)
  const sums = { layout: 0, sharp: 0 }
  for (let i = 0; i < runs; i++) {
    const r = await renderLayout(d, width, height)
    for (const k of Object.keys(sums) as Array<keyof typeof sums>) sums[k] += r[k] / runs
  }
  const total = sums.layout + sums.sharp
  console.log(`${name.padEnd(24)} total ${total.toFixed(1)} ms  (layout to pixels ${sums.layout.toFixed(1)}, sharp ${sums.sharp.toFixed(1)})`)
}

const renders = Number(process.argv[2] ?? 500)
await timeLayout('og-card 1200×630', ogCard, 1200, 630)
await timeLayout('invoice A4 794×1200', invoice, 794, 1200)

const mb = () => (process.memoryUsage().rss / 1048576).toFixed(0)
console.log(`RSS over ${renders} renders of the A4 invoice (layout engine), MB: start ${mb()}`)
for (let i = 1; i <= renders; i++) {
  await renderLayout(invoice, 794, 1200)
  if (i % 100 === 0) console.log(`  after ${i}: ${mb()}`)
}
