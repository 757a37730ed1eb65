// A pdfkit document set up for one render: no automatic first page, metadata in the Info dictionary and
// XMP (fixed dates when the task gives one, so identical input gives identical bytes), the language, marking
// for a tagged PDF, optional encryption, output collected in memory.
import PDFDocument from 'pdfkit'
import { PATCHES_ON } from '../patches.js'
import { writeLatin1 } from './latin1-write.js'
import { releaseFinishedPdf } from './release-finished-pdf.js'
import type { PdfSecurity } from './pdf-security.js'
import type { DocumentMetadata } from './standards/document-metadata.js'
import { xmpDescriptions, type XmpIdentification } from './standards/xmp-packet.js'

export interface OpenPdf {
  doc: PDFKit.PDFDocument
  /** Resolves with the file once doc.end() has been called. */
  bytes: Promise<Buffer>
}

export interface PdfDocumentOptions {
  meta: DocumentMetadata
  date: Date
  security: PdfSecurity | null
  /** A structure tree will be written: /MarkInfo /Marked true and a StructTreeRoot. */
  tagged: boolean
  xmp: XmpIdentification
}

export function openPdf(options: PdfDocumentOptions): OpenPdf {
  const { meta, date } = options
  const producer = 'Quire'
  const info: Record<string, unknown> = { Producer: producer, Creator: meta.creator ?? producer, CreationDate: date, ModDate: date }
  if (meta.title) info.Title = meta.title
  if (meta.author) info.Author = meta.author
  if (meta.subject) info.Subject = meta.subject
  if (meta.keywords) info.Keywords = meta.keywords
  const doc = new PDFDocument({
    autoFirstPage: false,
    // No default Helvetica: pdfkit would parse its AFM metrics for every document.
    font: null,
    margin: 0,
    compress: true,
    // 1.7: marked content, structure trees, embedded files with /AF and an XMP stream (pdfkit writes none for 1.3).
    pdfVersion: '1.7',
    info: info as PDFKit.DocumentInfo,
    displayTitle: !!meta.title,
    tagged: options.tagged,
    ...(meta.lang ? { lang: meta.lang } : {}),
    ...(options.security ?? {}),
  } as unknown as PDFKit.PDFDocumentOptions)
  // pdfkit's own XMP writer (_addInfo, called from end()) puts the title into the XML unescaped; ours
  // escapes it and adds the PDF/A, PDF/UA and Factur-X identification.
  const pdfkit = doc as unknown as { _addInfo(): void; appendXML(xml: string): void }
  pdfkit._addInfo = () => pdfkit.appendXML(xmpDescriptions(meta, date, producer, options.xmp))
  if (PATCHES_ON) writeLatin1(doc)
  const chunks: Buffer[] = []
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => {
      resolve(Buffer.concat(chunks))
      // Nothing of the finished document stays reachable from it (release-finished-pdf.ts).
      chunks.length = 0
      if (PATCHES_ON) releaseFinishedPdf(doc)
    })
    doc.on('error', reject)
  })
  return { doc, bytes }
}
