// The PDF painter: a printed document (renderers/pipeline/print-document.ts) → pdfkit → bytes. It opens the
// document (metadata, XMP, encryption), paints every page and its margins — marked for the structure tree
// when the PDF is tagged — then writes what the standards ask for (structure, outline, destinations,
// attachments, output intent; docs/pdf-standards.md) and collects the output.
import type { RenderHooks, RenderOutput, TemplateSettings } from '../contract.js'
import type { PrintedDocument } from '../pipeline/finished-document.js'
import { openPdf } from './open-pdf.js'
import { paintPages } from './paint-pages.js'
import { createPaintTarget } from './paint-target.js'
import { pdfSecurity } from './pdf-security.js'
import { documentMetadata } from './standards/document-metadata.js'
import { FACTUR_X_FILE_NAME } from './standards/embed-attachments.js'
import { finishStandards } from './standards/finish-standards.js'
import { resolveStandards } from './standards/resolve-standards.js'
import { DocumentMarks } from './tagging/document-marks.js'
import { structureSkeleton } from './tagging/structure-nodes.js'

export async function paintPdf(printed: PrintedDocument, settings: TemplateSettings, hooks: RenderHooks = {}): Promise<RenderOutput> {
  const { engines, date } = printed
  const standards = resolveStandards(settings.pdf)
  const meta = documentMetadata(printed.dom.head, printed.dom.root, printed.title, settings.pdf)
  const fx = standards.facturX
  const xmp = { pdfA: standards.pdfA, pdfUA: standards.pdfUA, facturX: fx ? { documentType: fx.documentType ?? 'INVOICE', fileName: FACTUR_X_FILE_NAME, version: '1.0', level: fx.level } : null }
  const pdf = openPdf({ meta, date, security: pdfSecurity(settings, printed.password), tagged: standards.tagged, xmp }, hooks.sink)
  const target = createPaintTarget(pdf.doc, engines.fonts, engines.images, settings.printBackground, engines.warnings)
  const marks = new DocumentMarks(pdf.doc, structureSkeleton(printed.structureRoot), standards.tagged)
  target.marks = marks
  target.noNotdef = standards.pdfA !== null
  paintPages(target, engines.fonts, printed, hooks.onPage)
  finishStandards(pdf.doc, { standards, marks, lang: meta.lang, title: meta.title, pages: printed.pages.length, files: printed.attachments, date, warn: engines.warnings.add, lines: printed.lines })
  pdf.doc.end()
  const bytes = await pdf.bytes
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: 'application/pdf', extension: 'pdf', warnings: engines.warnings.list }
}
