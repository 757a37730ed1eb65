// The PDF painter: a printed document (renderers/pipeline/print-document.ts) → pdfkit → bytes. It opens the
// document (metadata, encryption), paints every page and its margins, and collects the output.
import type { RenderOutput, TemplateSettings } from '../contract.js'
import type { PrintedDocument } from '../pipeline/finished-document.js'
import { openPdf } from './open-pdf.js'
import { paintPages } from './paint-pages.js'
import { createPaintTarget } from './paint-target.js'
import { pdfSecurity } from './pdf-security.js'

export async function paintPdf(printed: PrintedDocument, settings: TemplateSettings): Promise<RenderOutput> {
  const { engines } = printed
  const pdf = openPdf({ title: printed.title, date: printed.date, security: pdfSecurity(settings, printed.password) })
  const target = createPaintTarget(pdf.doc, engines.fonts, engines.images, settings.printBackground, engines.warnings)
  paintPages(target, engines.fonts, printed)
  pdf.doc.end()
  const bytes = await pdf.bytes
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: 'application/pdf', extension: 'pdf', warnings: engines.warnings.list }
}
