import t from 'tap'
import { styleOf } from './style-of.js'

const rgba = (c: { r: number; g: number; b: number; a: number }): string => `${c.r},${c.g},${c.b},${Math.round(c.a * 100) / 100}`

t.test('CSS Color 4 spaces resolve to sRGB (clipped per channel, as Chromium paints)', async (t) => {
  const cases: Array<[string, string]> = [
    ['oklch(0.623 0.214 259.815)', '43,127,255,1'], // Tailwind v4 blue-500 (#2b7fff)
    ['oklch(98.5% 0 0)', '250,250,250,1'],
    ['lab(50% 40 59.5 / 0.5)', '191,87,0,0.5'],
    ['lch(54.29% 106.84 40.85)', '255,0,0,1'],
    ['oklab(0.628 0.2249 0.1258)', '255,0,0,1'],
    ['hwb(194 0% 0%)', '0,195,255,1'],
    ['color(display-p3 1 0 0)', '255,0,0,1'],
    ['color(srgb 0 0.5 1 / 50%)', '0,128,255,0.5'],
    ['color-mix(in srgb, red 50%, blue)', '128,0,128,1'],
    ['rgb(from red r g 255)', '255,0,255,1'],
    ['rgb(calc(10 + 20) 0 0)', '30,0,0,1'],
  ]
  for (const [css, want] of cases) t.equal(rgba(styleOf(`#t { color: ${css} }`).color), want, css)
})

t.test('currentColor inside color-mix() and relative colours uses the element colour', async (t) => {
  const s = styleOf('#t { color: rgb(200 0 0); background-color: color-mix(in srgb, currentColor 50%, white) }')
  const bg = s.backgroundColor!
  t.ok(bg.r === 228 && Math.abs(bg.g - 128) <= 1 && Math.abs(bg.b - 128) <= 1, `half red, half white: ${rgba(bg)}`)
  const r = styleOf('#t { color: #0000ff; border: 1px solid rgb(from currentColor 255 g b) }')
  t.equal(rgba(r.borderTop.color), '255,0,255,1')
})

t.test('Tailwind v4 background utility with custom property and oklch', async (t) => {
  const css = ':root { --color-slate-900: oklch(20.8% 0.042 265.755) } .bg { background-color: var(--color-slate-900) } .fg { color: oklch(100% 0 0) }'
  const s = styleOf(css, '<div id="t" class="bg fg">x</div>')
  t.equal(rgba(s.backgroundColor!), "15,23,43,1")
  t.equal(rgba(s.color), "255,255,255,1")
})

t.test('invalid modern colours are dropped like any invalid value', async (t) => {
  const s = styleOf('#t { color: rgb(1 2 3); color: oklch(nonsense); color: color-mix(in nowhere, red, blue) }')
  t.equal(rgba(s.color), '1,2,3,1')
})

t.test('deprecated system colours are the colours CSS Color 4 §6.2 says they are the same as', async (t) => {
  const same: Array<[string, string]> = [
    ['InactiveCaptionText', 'GrayText'], ['ThreeDDarkShadow', 'ButtonBorder'], ['ThreeDFace', 'ButtonFace'],
    ['ThreeDLightShadow', 'ButtonBorder'], ['ButtonShadow', 'ButtonFace'], ['InfoText', 'CanvasText'],
    ['Menu', 'Canvas'], ['WindowFrame', 'ButtonBorder'], ['ActiveCaption', 'Canvas'],
  ]
  for (const [old, now] of same) t.equal(rgba(styleOf(`#t { color: ${old} }`).color), rgba(styleOf(`#t { color: ${now} }`).color), `${old} = ${now}`)
  t.equal(rgba(styleOf('#t { color: ButtonFace }').color), '239,239,239,1', 'ButtonFace is Chromium\'s #efefef')
})

t.test('rgb() and hsl(): what the legacy comma form refuses, the modern form takes', async (t) => {
  const cases: Array<[string, string]> = [
    ['hsla(120, 100%, 25%, 1.0)', '0,128,0,1'],
    ['hsl(120 100 25)', '0,128,0,1'], // numbers for saturation and lightness: modern syntax only
    ['hsla(0, 255, 128, 1.0)', 'blue'],
    ['hsla(0%, 100%, 50%, 1.0)', 'blue'], // a percentage is not a hue
    ['hsla(0px, 100%, 50%, 1.0)', 'blue'],
    ['hsla(0, 100%, 25%, 1.0,)', 'blue'],
    ['rgb(10%, 20, 30)', 'blue'], // legacy commas: all numbers or all percentages
    ['rgb(10% 20 30)', '26,20,30,1'],
    ['rgb(none, 0, 0)', 'blue'],
    ['rgb(none 0 0)', '0,0,0,1'],
    ['rgb(0 0 0 /)', 'blue'],
    ['rgba(255, 0, 0, 50%)', '255,0,0,0.5'],
  ]
  for (const [css, want] of cases) t.equal(rgba(styleOf(`#t { color: blue; color: ${css} }`).color), want === 'blue' ? '0,0,255,1' : want, css)
})
