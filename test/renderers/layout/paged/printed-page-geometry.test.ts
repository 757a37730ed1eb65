// The page area Chromium 156 lays a printed page out in, and where its content starts. Every row was measured
// with `Page.printToPDF` (paperWidth/Height 210/25.4 in unless said, preferCSSPageSize): the width is where a
// 10 px `float: right` box lands plus 10, the height the tallest spacer that still leaves a 10 px unbreakable
// box on the first page plus 10, the origin the translation of the page content in the PDF's stream.
import t from 'tap'
import { contentBox, printedPageGeometry } from '../../../../renderers/layout/paged/page-geometry.js'
import { DEFAULT_SETTINGS } from '../../../../renderers/default-settings.js'
import type { TemplateSettings } from '../../../../renderers/contract.js'
import type { PageRule } from '../../../../renderers/document/styled-tree.js'

const MM = 96 / 25.4
const IN_MM = 25.4

interface Case {
  what: string
  settings?: Partial<TemplateSettings>
  size?: [number, number]
  margins?: [number | null, number | null, number | null, number | null]
  area: [number, number]
  origin: [number, number]
  /** The clip rectangle around the page's content in the PDF (a multiple of 1/64 px), where measured. */
  painted?: [number, number]
}

const chromium: Case[] = [
  { what: 'printToPDF defaults (1 cm = 28 pt margins)', area: [721, 1049], origin: [37, 37], painted: [720.015625, 1048.015625] },
  { what: 'printToPDF 0.4 in margins', settings: { marginsMm: { top: 10.16, right: 10.16, bottom: 10.16, left: 10.16 } }, area: [721, 1049], origin: [37, 37] },
  { what: '@page { margin: 1.5cm 1cm 1cm }', margins: [1.5 * 10 * MM, 10 * MM, 10 * MM, 10 * MM], area: [720, 1029], origin: [38, 57], painted: [719.109375, 1028.203125] },
  { what: '@page { margin: 0 }', margins: [0, 0, 0, 0], area: [795, 1123], origin: [0, 0] },
  { what: '@page { size: A4 }', size: [210 * MM, 297 * MM], area: [720, 1048], origin: [37, 37], painted: [719.046875, 1047.859375] },
  { what: '@page { size: A4; margin: 1cm }', size: [210 * MM, 297 * MM], margins: [10 * MM, 10 * MM, 10 * MM, 10 * MM], area: [719, 1047], origin: [38, 38] },
  { what: '@page { size: A4 landscape }', size: [297 * MM, 210 * MM], area: [1048, 720], origin: [37, 37] },
  { what: '@page { size: A5; margin: 10.3px }', size: [148 * MM, 210 * MM], margins: [10.3, 10.3, 10.3, 10.3], area: [539, 774], origin: [10, 10] },
  { what: '@page { size: 100mm 140mm; margin: 0.7cm }', size: [100 * MM, 140 * MM], margins: [7 * MM, 7 * MM, 7 * MM, 7 * MM], area: [326, 477], origin: [26, 26] },
  { what: '@page { size: 50mm 90mm; margin: 0 }', size: [50 * MM, 90 * MM], margins: [0, 0, 0, 0], area: [189, 341], origin: [0, 0], painted: [188.96875, 340.15625] },
  { what: 'printToPDF Letter (8.5 × 11 in)', settings: { paper: { size: 'Letter' } }, area: [742, 982], origin: [37, 37] },
  { what: '@page { size: letter }', size: [8.5 * 96, 11 * 96], area: [742, 982], origin: [37, 37] },
  { what: '@page { size: 200.3px 300.6px; margin: 10.4px 10.6px 10.2px 10.7px }', size: [200.3, 300.6], margins: [10.4, 10.6, 10.2, 10.7], area: [180, 281], origin: [11, 10] },
  { what: '@page { size: 200.7px 300.4px; margin: 10.4px 10.6px 10.2px 10.7px }', size: [200.7, 300.4], margins: [10.4, 10.6, 10.2, 10.7], area: [180, 280], origin: [11, 10] },
  { what: '@page { margin: 10.5px 10.49px 0 10.51px }', margins: [10.5, 10.49, 0, 10.51], area: [774, 1113], origin: [11, 11] },
  { what: '@page { margin: 10.999px 0 0 10.5px }', margins: [10.999, 0, 0, 10.5], area: [785, 1112], origin: [11, 11] },
  { what: '@page { margin: 0.5px 0 0 1.5px }', margins: [0.5, 0, 0, 1.5], area: [794, 1123], origin: [2, 1] },
  {
    what: 'printToPDF margins 0.2 in top, 0.25 in right, 0.15 in bottom, 0.3 in left',
    settings: { marginsMm: { top: 0.2 * IN_MM, right: 0.25 * IN_MM, bottom: 0.15 * IN_MM, left: 0.3 * IN_MM } },
    area: [743, 1091], origin: [28, 19],
  },
]

for (const c of chromium) {
  t.test(c.what, async (t) => {
    const settings = { ...DEFAULT_SETTINGS, ...c.settings } as TemplateSettings
    const [top, right, bottom, left] = c.margins ?? [null, null, null, null]
    const rule: PageRule = { size: c.size ? { width: c.size[0], height: c.size[1] } : null, orientation: null, margins: { top, right, bottom, left } }
    const g = printedPageGeometry(settings, rule)
    const area = contentBox(g)
    t.same([area.width, area.height].map((v) => Math.round(v * 1000) / 1000), c.area, 'page area in whole px, as Chromium lays it out')
    t.same([g.margins.left, g.margins.top], c.origin, 'content starts at the margins rounded to whole px')
    if (c.painted) {
      const painted = [g.width - g.margins.left - g.margins.right, g.height - g.margins.top - g.margins.bottom]
      t.same(painted.map((v) => Math.round(v * 64) / 64), c.painted, 'painted and clipped in 1/64 px layout units')
    }
  })
}

t.test('the sheet keeps the size of its paper', async (t) => {
  const g = printedPageGeometry(DEFAULT_SETTINGS, { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } })
  t.equal(g.width, 210 * MM)
  t.equal(g.height, 297 * MM)
})
