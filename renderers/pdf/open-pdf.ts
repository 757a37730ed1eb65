// A pdfkit document set up for one render: no automatic first page, metadata in the Info dictionary and
// XMP (fixed dates when the task gives one, so identical input gives identical bytes), the language, marking
// for a tagged PDF, optional encryption, output collected in memory — or handed to a sink as it is written.
import PDFDocument from 'pdfkit'
import { PATCHES_ON } from '../patches.js'
import { writeLatin1 } from './latin1-write.js'
import { writeObjectsFast } from './object-syntax.js'
import { releaseFinishedPdf } from './release-finished-pdf.js'
import type { PdfSecurity } from './pdf-security.js'
import type { DocumentMetadata } from './standards/document-metadata.js'
import { xmpDescriptions, type XmpIdentification } from './standards/xmp-packet.js'

export interface OpenPdf {
  doc: PDFKit.PDFDocument
  /** Resolves with the file once doc.end() has been called (empty when a sink had its bytes). */
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

/** `sink`: receives every chunk the writer emits, in order, instead of the file being collected. */
export function openPdf(options: PdfDocumentOptions, sink?: (chunk: Uint8Array) => void): OpenPdf {
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
  if (PATCHES_ON) {
    writeLatin1(doc)
    writeObjectsFast(doc)
  }
  if (sink) sinkEveryChunk(doc, sink)
  const chunks: Buffer[] = []
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', sink ? (chunk: Buffer) => sink(chunk) : (chunk: Buffer) => chunks.push(chunk))
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

/**
 * Hands each chunk pdfkit writes (its _write pushes them onto the document's Readable) to `sink` at once: a
 * Readable emits 'data' only once the event loop turns, so pages painted in one synchronous loop would all
 * come out at the end (and after whatever 'data' came first). The end of the stream (push(null)) still goes
 * through, for 'end'.
 */
function sinkEveryChunk(doc: PDFKit.PDFDocument, sink: (chunk: Uint8Array) => void): void {
  const stream = doc as unknown as { push(chunk: Uint8Array | null): boolean; read(): Buffer | null }
  // The file's header, written by the constructor, waits in the stream's buffer: it goes first.
  const written = stream.read()
  if (written) sink(written)
  const push = stream.push.bind(stream)
  stream.push = (chunk) => {
    if (chunk === null) return push(null)
    sink(chunk)
    return true
  }
}
