// PNG/PDF agreement: the image and the PDF of one template should show the same document. For every entry
// whose reference PDF has one page, the template is rendered to a PDF with zero margins in the settings (a
// template's own @page margins still apply, as in Chromium) and to a PNG the size of that PDF's content box
// (so `vh` and viewport-centred layouts mean the same on both). The PDF's first page is rasterised at 96 dpi and cut to its content box, and the two PNGs are
// compared with the visual figure of bench/fidelity-compare.ts. Print-only and screen-only styles are real differences and
// count against it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { buildStyledDocument } from '../renderers/document/index.js'
import { renderImage, renderPdf } from '../renderers/render.js'
import { contentBox, pageGeometry } from '../renderers/layout/paged/page-geometry.js'
import { renderDocumentHtml } from '../renderers/template/index.js'
import { loadConfig } from '../src/config.js'
import { buildTask } from '../src/render/tasks.js'
import { compareRenders } from './fidelity-compare.js'
import { CORPUS_DIR, corpusEntries, entrySource } from './fidelity-run.js'

export interface AgreementSummary {
  entries: Array<{ name: string; agreement: number }>
  mean: number
}

/** Page count of a PDF, from pdfinfo. */
function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file]).toString('utf8')
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0)
}

/** The corpus entries whose Chromium PDF has one page. */
export function singlePageEntries(corpus = CORPUS_DIR): string[] {
  return corpusEntries(corpus).filter((name) => pageCount(join(corpus, name, 'reference.pdf')) === 1)
}

export async function measureAgreement(names = singlePageEntries(), corpus = CORPUS_DIR): Promise<AgreementSummary> {
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const work = mkdtempSync(join(tmpdir(), 'quire-agreement-'))
  const entries: AgreementSummary['entries'] = []
  try {
    for (const name of names) {
      const input = entrySource(join(corpus, name))
      const settings = { ...input.source.settings, marginsMm: { top: 0, right: 0, bottom: 0, left: 0 } }
      const source = { ...input.source, settings }
      const html = await renderDocumentHtml({ source, data: input.data, limits: config.limits })
      const geometry = pageGeometry(settings, buildStyledDocument(html, { type: 'print', width: 794, height: 1123 }).page)
      const content = contentBox(geometry)
      const width = Math.round(content.width)
      const png = await renderImage(buildTask(config, 'image', { source, data: input.data }, { format: 'png', width, height: Math.round(content.height), fullPage: false, quality: 90, scale: 1 }) as never)
      const pdf = await renderPdf(buildTask(config, 'pdf', { source, data: input.data }) as never)
      const pngFile = join(work, `${name}.png`)
      const pdfFile = join(work, `${name}.pdf`)
      writeFileSync(pngFile, png.bytes)
      writeFileSync(pdfFile, pdf.bytes)
      execFileSync('pdftoppm', ['-png', '-r', '96', '-f', '1', '-l', '1', '-singlefile', pdfFile, join(work, `${name}-page`)])
      const pageFile = join(work, `${name}-page.png`)
      const meta = await sharp(pageFile).metadata()
      const left = Math.min(meta.width! - 1, Math.round(geometry.margins.left))
      const top = Math.min(meta.height! - 1, Math.round(geometry.margins.top))
      const contentFile = join(work, `${name}-content.png`)
      await sharp(pageFile).extract({
        left, top,
        width: Math.max(1, Math.min(meta.width! - left, Math.round(content.width))),
        height: Math.max(1, Math.min(meta.height! - top, Math.round(content.height))),
      }).toFile(contentFile)
      const { visual } = await compareRenders(contentFile, pngFile)
      entries.push({ name, agreement: visual })
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return { entries, mean: entries.reduce((s, e) => s + e.agreement, 0) / Math.max(entries.length, 1) }
}

export function formatAgreement(summary: AgreementSummary): string {
  const width = Math.max(...summary.entries.map((e) => e.name.length), 5)
  const lines = [`${'entry'.padEnd(width)}  PNG/PDF agreement`]
  for (const e of summary.entries) lines.push(`${e.name.padEnd(width)}  ${e.agreement.toFixed(2)}`)
  lines.push(`${'mean'.padEnd(width)}  ${summary.mean.toFixed(2)}`)
  return lines.join('\n')
}
