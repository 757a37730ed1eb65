// The screen stage's default width: an image of a template is as wide as its PDF page, for every paper and
// orientation. Regression: the image took the shorter side for portrait (Ledger: 1056 px against a 1632 px PDF
// page; Custom 300×100 mm: 378 px against 1134), from a paper table of its own.
import t from 'tap'
import type { PaperSize, TemplateSettings } from '../../../renderers/contract.js'
import { PAPER_SIZES } from '../../../renderers/layout/paged/paper-sizes.js'
import { renderImage, renderPdf } from '../../../renderers/render.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { imageInfo, pdfInfo } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'

/** The first page's width in CSS px, as pdfinfo reads it (points × 4/3). */
async function pdfWidth(html: string, settings: Partial<TemplateSettings>): Promise<number> {
  const info = pdfInfo((await renderPdf(pdfTask(html, { settings, kind: 'html' }))).bytes)
  return (Number(/^([\d.]+) x/.exec(info['Page size'])![1]) * 4) / 3
}

async function imageWidth(html: string, settings: Partial<TemplateSettings>): Promise<number> {
  return (await imageInfo((await renderImage(imageTask({ fullPage: false, height: 40 }, source(html, settings)))).bytes)).width
}

t.test('the default image width is the PDF page width for every paper and orientation', async (t) => {
  const papers: Array<TemplateSettings['paper']> = PAPER_SIZES.map((size: PaperSize) => size === 'Custom' ? { size, widthMm: 300, heightMm: 100 } : { size })
  for (const paper of papers) {
    for (const orientation of ['portrait', 'landscape'] as const) {
      const settings = { paper, orientation }
      const pdf = await pdfWidth('<p>x</p>', settings)
      const png = await imageWidth('<p>x</p>', settings)
      t.ok(Math.abs(png - pdf) <= 0.51, `${paper.size}${paper.widthMm ? ` ${paper.widthMm}×${paper.heightMm} mm` : ''} ${orientation}: PNG ${png} px, PDF page ${pdf.toFixed(2)} px`)
    }
  }
})

t.test('an @page size or orientation moves both alike', async (t) => {
  for (const css of ['@page { size: landscape }', '@page { size: portrait }', '@page { size: 120mm 80mm }', '@page { size: A5 landscape }']) {
    const html = `<style>${css}</style><p>x</p>`
    for (const paper of [{ size: 'A4' as const }, { size: 'Ledger' as const }]) {
      const pdf = await pdfWidth(html, { paper })
      const png = await imageWidth(html, { paper })
      t.ok(Math.abs(png - pdf) <= 0.51, `${css} on ${paper.size}: PNG ${png} px, PDF page ${pdf.toFixed(2)} px`)
    }
  }
})
