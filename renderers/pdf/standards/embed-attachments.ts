// Files embedded in the PDF (each in the EmbeddedFiles name tree and the catalog's /AF, with its MIME type
// and relationship, as PDF/A-3 requires), and the Factur-X invoice XML: checked for well-formedness first,
// embedded byte for byte as factur-x.xml.
import { XMLValidator } from 'fast-xml-parser'
import { RenderError } from '../../contract.js'

export interface EmbeddedFile {
  name: string
  bytes: Uint8Array
  mimeType: string
  description?: string
  relationship: 'Source' | 'Data' | 'Alternative' | 'Supplement' | 'Unspecified'
}

export const FACTUR_X_FILE_NAME = 'factur-x.xml'

/** Refuses XML that is not well-formed, naming the file, the line and what is wrong. */
export function checkWellFormedXml(name: string, xml: string): void {
  const result = XMLValidator.validate(xml, { allowBooleanAttributes: true })
  if (result === true) return
  const { msg, line, col } = result.err
  throw new RenderError('QUIRE_ERR_RENDER_ATTACHMENT_INVALID', `The attachment ${name} is not well-formed XML: ${msg} (line ${line}, column ${col})`)
}

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
