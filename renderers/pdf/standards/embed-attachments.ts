// Files embedded in the PDF (each in the EmbeddedFiles name tree and the catalog's /AF, with its MIME type
// and relationship, as PDF/A-3 requires), and the Factur-X invoice XML, embedded byte for byte as
// factur-x.xml (checked for well-formedness by renderers/pipeline/pdf-attachments.ts).
import type { EmbeddedFile } from '../../pipeline/finished-document.js'

export type { EmbeddedFile }

export const FACTUR_X_FILE_NAME = 'factur-x.xml'

export function embedFiles(doc: PDFKit.PDFDocument, files: EmbeddedFile[], date: Date): void {
  const pdfkit = doc as unknown as { file(src: Uint8Array, options: Record<string, unknown>): unknown }
  for (const f of files) {
    pdfkit.file(f.bytes, {
      name: f.name,
      type: f.mimeType,
      relationship: f.relationship,
      creationDate: date,
      modifiedDate: date,
      ...(f.description ? { description: f.description } : {}),
    })
  }
}
