// The page's CSS reaches the elements of an inline <svg> (`.logo path { fill }`, `svg .bar { … }`), in PDF
// (pixels through pdftoppm) and PNG, with CSS precedence: a rule beats a presentation attribute, the element's
// own style attribute beats a rule, !important beats it.
import t from 'tap'
import type { Test } from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const CSS = `<style>
  body { margin: 0 }
  .logo path { fill: #c00 }
  svg .bar { fill: oklch(0.45 0.3 264); stroke: none }
  .logo .hidden { display: none }
  .logo .forced { fill: #0a0 !important }
  .logo { fill: #c0c }
</style>`
// Four 40×40 squares in a row: each drawn black by its attribute unless page CSS says otherwise, a fifth in
// the root's inherited fill.
const SVG = `<svg class="logo" width="250" height="40" style="display:block">
  <path d="M0 0h40v40H0z" fill="#000"/>
  <rect class="bar" x="50" width="40" height="40" fill="#000"/>
  <path class="hidden" d="M100 0h40v40h-40z"/>
  <path class="forced" d="M150 0h40v40h-40z" style="fill:#000"/>
  <rect x="200" width="40" height="40"/>
</svg>`
const HTML = `<!DOCTYPE html>${CSS}<body>${SVG}`

const near = (a: number[], b: number[], tol = 40) => a.every((v, i) => Math.abs(v - b[i]) <= tol)

function check(t: Test, at: (x: number, y: number) => number[]) {
  t.ok(near(at(20, 20), [204, 0, 0]), `.logo path beats the fill attribute: ${at(20, 20)}`)
  const bar = at(70, 20)
  t.ok(bar[2] > 150 && bar[0] < 100 && bar[1] < 100, `svg .bar in a modern colour (blue): ${bar}`)
  t.ok(near(at(120, 20), [255, 255, 255]), `display:none hides the path: ${at(120, 20)}`)
  t.ok(near(at(170, 20), [0, 170, 0]), `!important beats the style attribute: ${at(170, 20)}`)
  t.ok(near(at(220, 20), [204, 0, 204]), `fill on the <svg> is inherited: ${at(220, 20)}`)
}

t.test('page CSS styles inline SVG elements in the PDF', async (t) => {
  const bytes = (await renderPdf(pdfTask(HTML, { kind: 'html' }))).bytes
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', '-f', '1', '-l', '1', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  check(t, (x, y) => [...data.subarray(((37 + y) * info.width + 37 + x) * 3, ((37 + y) * info.width + 37 + x) * 3 + 3)])
})

t.test('page CSS styles inline SVG elements in PNG output', async (t) => {
  const out = await renderImage(imageTask({}, { ...source(HTML), main: { cacheKey: 'svg-page-css', text: HTML } }))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  check(t, (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)])
})

t.test('without matching rules the markup is unchanged: attributes draw', async (t) => {
  const html = `<!DOCTYPE html><style>body{margin:0} .other path{fill:#c00}</style><body>${SVG}`
  const out = await renderImage(imageTask({}, { ...source(html), main: { cacheKey: 'svg-page-css-none', text: html } }))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
  t.ok(near(at(20, 20), [0, 0, 0]), `black from the attribute: ${at(20, 20)}`)
  t.ok(near(at(220, 20), [0, 0, 0]), `black by default: ${at(220, 20)}`)
})

// Tailwind v4 colours through custom properties (`fill-gray-800` is `fill: var(--color-gray-800)`), and an
// Alpine.js page's `:class` / `x-bind:class` / `@click` attributes on the <svg>, which the HTML parser keeps
// but XML cannot hold: the SVG drew nothing at all with them (tailadmin-dashboard's icons).
const VAR_HTML = `<!DOCTYPE html><style>
  body { margin: 0 }
  :root { --brand: #c00; --ok: #0a0 }
  .fill-brand { fill: var(--brand) }
  .fill-ok path { fill: var(--ok) }
  .fill-missing { fill: var(--nowhere) }
</style><body><div style="display:flex">
  <svg class="fill-brand" width="40" height="40" fill="none"><path d="M0 0h40v40H0z"/></svg>
  <svg class="fill-ok" :class="open ? 'a' : 'b'" x-bind:class="c" @click="go()" width="40" height="40"><path d="M0 0h40v40H0z" fill="#000"/></svg>
  <svg class="fill-missing" width="40" height="40" fill="#00c"><path d="M0 0h40v40H0z"/></svg>
</div>`

function checkVars(t: Test, at: (x: number, y: number) => number[]) {
  t.ok(near(at(20, 20), [204, 0, 0]), `fill: var(--brand) on the <svg> beats fill="none": ${at(20, 20)}`)
  t.ok(near(at(60, 20), [0, 170, 0]), `an <svg> with :class, x-bind:class and @click draws, its path in var(--ok): ${at(60, 20)}`)
  t.ok(near(at(100, 20), [0, 0, 0]), `an undefined variable is unset: the inherited black, not the fill attribute's blue (Chromium): ${at(100, 20)}`)
}

t.test('var() in page CSS and framework attributes on inline SVG, in the PDF', async (t) => {
  const bytes = (await renderPdf(pdfTask(VAR_HTML, { kind: 'html' }))).bytes
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', '-f', '1', '-l', '1', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  checkVars(t, (x, y) => [...data.subarray(((37 + y) * info.width + 37 + x) * 3, ((37 + y) * info.width + 37 + x) * 3 + 3)])
})

t.test('var() in page CSS and framework attributes on inline SVG, in PNG output', async (t) => {
  const out = await renderImage(imageTask({}, { ...source(VAR_HTML), main: { cacheKey: 'svg-page-css-var', text: VAR_HTML } }))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  checkVars(t, (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)])
})
