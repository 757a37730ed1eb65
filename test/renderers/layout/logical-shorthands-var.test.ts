// The two-value logical shorthands (padding-inline, padding-block, margin-inline, margin-block, inset-inline,
// inset-block) written with var(), as Tailwind v4 writes every spacing utility: `px-5` is
// `padding-inline: calc(var(--spacing) * 5)`. They used to expand to no longhand at all, so the padding was
// lost. Positions are Chromium 156's (getBoundingClientRect of the same HTML, 700 px viewport).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('Tailwind v4 px-5 pt-5 sm:px-6 sm:pt-6 in @layer utilities, with the sm: rule in @media', async (t) => {
  const { box } = await layoutHtml(`<style>
    @layer theme, base, components, utilities;
    @layer theme { :root { --spacing: 0.25rem; } }
    @layer utilities {
      .px-5 { padding-inline: calc(var(--spacing) * 5); }
      .pt-5 { padding-top: calc(var(--spacing) * 5); }
      @media (width >= 640px) { .sm\\:px-6 { padding-inline: calc(var(--spacing) * 6); } .sm\\:pt-6 { padding-top: calc(var(--spacing) * 6); } }
    }</style>
    <body style="margin:0">
    <div id="a" class="px-5 pt-5 sm:px-6 sm:pt-6"><div id="ai">x</div></div>
    <div id="b" class="px-5 pt-5"><div id="bi">x</div></div></body>`, { width: 700, medium: 'screen' })
  t.match(box('a'), { x: 0, y: 0, w: 700, h: 42 })
  t.match(box('ai'), { x: 24, y: 24, w: 652, h: 18 }, 'sm:px-6 pads 24 px on both sides (it was 0)')
  t.match(box('b'), { x: 0, y: 42, w: 700, h: 38 })
  t.match(box('bi'), { x: 20, y: 62, w: 660, h: 18 }, 'px-5 pads 20 px on both sides (it was 0)')
})

t.test('two var() values, margin-inline and margin-block, inset-inline and inset-block', async (t) => {
  const { box } = await layoutHtml(`<style>:root { --s: 4px; --a: 10px; --b: 30px }</style>
    <body style="margin:0">
    <div id="a" style="padding-inline: var(--a) var(--b); padding-block: calc(var(--s) * 3)"><div id="ai">x</div></div>
    <div id="b" style="margin-inline: calc(var(--s) * 5); margin-block: var(--a) var(--b)">x</div>
    <div style="position: relative; height: 50px">
      <div id="c" style="position: absolute; inset-inline: var(--a) var(--b); inset-block: var(--s)">x</div></div></body>`,
  { width: 700, medium: 'screen' })
  t.match(box('a'), { x: 0, y: 0, w: 700, h: 42 })
  t.match(box('ai'), { x: 10, y: 12, w: 660, h: 18 })
  t.match(box('b'), { x: 20, y: 52, w: 660, h: 18 })
  t.match(box('c'), { x: 10, y: 104, w: 660, h: 42 })
})
