// A pdfkit document set up for one render: no automatic first page, metadata (fixed dates when the task
// gives one, so identical input gives identical bytes), optional encryption, output collected in memory.
import PDFDocument from 'pdfkit'
import { writeLatin1 } from './latin1-write.js'
import { releaseFinishedPdf } from './release-finished-pdf.js'
import type { PdfSecurity } from './pdf-security.js'

export interface OpenPdf {
  doc: PDFKit.PDFDocument
  /** Resolves with the file once doc.end() has been called. */
  bytes: Promise<Buffer>
}

export function openPdf(meta: { title: string | null; date: Date; security: PdfSecurity | null }): OpenPdf {
  const info: Record<string, unknown> = { Producer: 'Quire', Creator: 'Quire', CreationDate: meta.date, ModDate: meta.date }
  if (meta.title) info.Title = meta.title
  const doc = new PDFDocument({
    autoFirstPage: false,
    // No default Helvetica: pdfkit would parse its AFM metrics for every document.
    font: null,
    margin: 0,
    compress: true,
    info: info as PDFKit.DocumentInfo,
    displayTitle: !!meta.title,
    ...(meta.security ?? {}),
  } as unknown as PDFKit.PDFDocumentOptions)
  writeLatin1(doc)
  const chunks: Buffer[] = []
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => {
      resolve(Buffer.concat(chunks))
      // Nothing of the finished document stays reachable from it (release-finished-pdf.ts).
      chunks.length = 0
      releaseFinishedPdf(doc)
    })
    doc.on('error', reject)
  })
  return { doc, bytes }
}
