// What a template's own fonts cost, in-process: the 2-page bench invoice as it is, and the same invoice with
// its text set in Lato from four WOFF2 data: URIs (@fontsource/lato, as a template inlines them): the first
// render (decode, unpack, parse) and warm renders (fonts parsed once per worker). Also the plain invoice,
// which must not get slower: web fonts cost only where a document uses them.
//   node --import tsx bench/web-font-cost.ts [--runs 20] [--plain-only]
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import { Liquid } from 'liquidjs'
import { renderPdf } from '../renderers/render.js'
import { DEFAULT_SETTINGS } from '../renderers/default-settings.js'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'

// --plain-only: the bundled-font invoice alone (to compare with a build without web fonts, where the Lato
// renders would cost nothing and leave a quieter heap).
const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, 'plain-only': { type: 'boolean', default: false } } })
const runs = Number(values.runs)
const require = createRequire(import.meta.url)
const face = (weight: number, style: string) => {
  const bytes = readFileSync(require.resolve(`@fontsource/lato/files/lato-latin-${weight}-${style}.woff2`))
  return `@font-face{font-family:Lato;src:url(data:font/woff2;base64,${bytes.toString('base64')}) format("woff2");font-weight:${weight};font-style:${style}}`
}
const FONT_CSS = `<style>${face(400, 'normal')}${face(700, 'normal')}${face(400, 'italic')}${face(700, 'italic')} body, table, td, th { font-family: Lato, sans-serif }</style>`

const html = await new Liquid().parseAndRender(INVOICE_TEMPLATE, invoiceData(40))
const withFonts = html.replace('</head>', `${FONT_CSS}</head>`)
if (withFonts === html) throw new Error('the invoice has no </head> to add the fonts to')

async function once(text: string): Promise<number> {
  const start = process.hrtime.bigint()
  await renderPdf({
    format: 'pdf',
    source: { kind: 'html', main: { cacheKey: 'bench', text }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS },
    data: {},
    limits: { maxPages: 50, maxImagePixels: 1e8, maxImageDimension: 10000, maxClips: 10, maxHtmlChars: 5_000_000, templateRenderMs: 5000 },
    fetch: { allowHosts: [], timeoutMs: 1000, maxBytes: 1_000_000 },
    now: '2026-01-01T00:00:00Z',
  })
  return Number(process.hrtime.bigint() - start) / 1e6
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
await once(html) // worker start-up: bundled fonts parsed
const cold = await once(withFonts)
const plain: number[] = []
const fonts: number[] = []
for (let i = 0; i < runs; i++) {
  plain.push(await once(html))
  if (!values['plain-only']) fonts.push(await once(withFonts))
}
console.log(`invoice, bundled fonts: median ${median(plain).toFixed(1)} ms over ${runs}`)
if (!values['plain-only']) console.log(`invoice in Lato (4 WOFF2 data: URIs, ${(FONT_CSS.length / 1024).toFixed(0)} KB of CSS): first render ${cold.toFixed(1)} ms, then median ${median(fonts).toFixed(1)} ms`)
