// Generators for the shapes of issue 28 (the fuzz suite's fourth property): each once aborted the process,
// held native threads past the time limit or took seconds to minutes. Sizes stay small enough that a case
// renders in about a second on CI, yet each is past the point where the old cost showed (a 20,000-character
// wrapped word took 21 s; three nested :has() over 200 divs, 6 s).
import fc from 'fast-check'
import { pngBomb } from '../helpers/big-png.js'

const huge = fc.oneof(
  fc.constantFrom(0, 1, 10, 2000, 1e6, 1e8, 1e9, 1e308, -2000, -1e8, 0.0001),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
)
const px = huge.map((n) => `${n}px`)

const shadow = fc.tuple(px, px, huge.map((n) => `${Math.abs(n)}px`), px, fc.boolean())
  .map(([x, y, blur, spread, inset]) => `${inset ? 'inset ' : ''}${x} ${y} ${blur} ${spread} rgba(255,0,0,.5)`)
const paint = fc.oneof(
  fc.array(shadow, { minLength: 1, maxLength: 3 }).map((list) => `box-shadow:${list.join(',')}`),
  fc.tuple(px, px, huge.map((n) => `${Math.abs(n)}px`)).map(([x, y, b]) => `text-shadow:${x} ${y} ${b} red`),
  fc.tuple(huge, px, px).map(([b, x, y]) => `filter:blur(${Math.abs(b)}px) drop-shadow(${x} ${y} ${Math.abs(b)}px red)`),
  fc.constantFrom('opacity:.5', 'transform:rotate(45deg) translateX(4000px)', 'position:relative;left:-5000px', 'border-radius:1e9px', 'outline:1e8px solid red'),
)
const shadowed = fc.array(paint, { minLength: 1, maxLength: 3 }).map((d) => `<div style="width:100px;height:60px;${d.join(';')}">shadowed</div>`)

/** SVG filters with odd regions and blurs a filter in HTML may not reach: librsvg and resvg draw them. */
const svgFilter = fc.tuple(fc.constantFrom('0', '-1', '1e-9', '3', '40', 'NaN', ''), fc.constantFrom('-50%', '-1e6', '0', '1e6'), fc.constantFrom('200%', '1e7', '0', '-1'))
  .map(([sd, at, size]) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><filter id="f" x="${at}" y="${at}" width="${size}" height="${size}"><feGaussianBlur stdDeviation="${sd}"/><feOffset dx="1e6"/></filter><rect width="200" height="200" fill="red" filter="url(#f)"/></svg>`
    return `<img style="width:100px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`
  })

const line = fc.oneof(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }).map(String), fc.constantFrom('999999999', '-999999999', 'span 999999999', 'auto', '1 / -1', 'span 2 / 999999'))
const grid = fc.tuple(fc.array(fc.tuple(line, line), { minLength: 1, maxLength: 4 }), fc.constantFrom('', 'grid-auto-flow:dense', 'grid-template-columns:repeat(1000, 1px)', 'grid-auto-rows:1e9px'))
  .map(([items, extra]) => `<div style="display:grid;${extra}">${items.map(([r, c], i) => `<div style="grid-row:${r};grid-column:${c}">cell ${i}</div>`).join('')}<div>first</div></div>`)

/** :has() nested 1–6 deep with any combinators, over a tree 20–250 divs deep with paragraphs inside. */
const relative = fc.constantFrom('', '> ', '+ ', '~ ')
const has = fc.tuple(fc.array(fc.tuple(relative, fc.constantFrom('div', 'p', '*', '.k', 'div div', 'div > p')), { minLength: 1, maxLength: 6 }), fc.constantFrom('span', 'b', 'p', 'i'), fc.integer({ min: 20, max: 250 }), fc.boolean())
  .map(([levels, last, depth, spanInside]) => {
    let sel: string = last
    for (const [comb, compound] of levels) sel = `${compound}:has(${comb}${sel})`
    const leaf = spanInside ? '<p>para <span>s</span></p>' : '<p>para</p>'
    return `<style>${sel}{color:red} div div div div div div b{color:blue}</style>${'<div class="k">'.repeat(depth)}${leaf.repeat(depth)}${'</div>'.repeat(depth)}`
  })

/** One word with no break opportunity: repeated, or varied letters; wrapped anywhere or overflowing. */
const word = fc.tuple(fc.integer({ min: 5_000, max: 300_000 }), fc.boolean(), fc.constantFrom('', 'overflow-wrap:anywhere', 'overflow-wrap:break-word', 'word-break:break-all', 'white-space:nowrap', 'width:50px;overflow-wrap:anywhere'))
  .map(([length, varied, style]) => {
    let w = ''
    if (!varied) w = 'x'.repeat(length)
    else for (let i = 0; w.length < length; i++) w += String.fromCharCode(97 + ((i * 7919 + (i >> 3)) % 26))
    return `<p style="${style}">start ${w} end</p>`
  })

/** PNGs whose pixel data inflates past (or far past) what their header promises. */
const bomb = fc.tuple(fc.constantFrom(1 << 20, 1 << 24, 1 << 27), fc.constantFrom(1, 16, 100))
  .map(([inflated, side]) => `<img style="width:50px" src="data:image/png;base64,${pngBomb(inflated, side, side).toString('base64')}">`)

export const hostileShape = fc.tuple(fc.oneof(shadowed, svgFilter, grid, has, word, bomb), fc.constantFrom('', '<p>after</p>'))
  .map(([shape, after]) => `${shape}${after}`)
