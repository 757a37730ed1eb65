// pdfkit turns each piece of PDF syntax it writes (object headers, dictionaries, the xref table) into bytes
// with its fromBinaryString: a new Uint8Array filled by a charCodeAt loop in JavaScript. Buffer.from(text,
// 'latin1') makes the same bytes — the low byte of each UTF-16 unit, as fromBinaryString's `& 0xff` does — in
// native code. Those arrays were a fifth of what a render leaves in the render worker's old generation until
// the next full collection (the bench invoice in one process, old space growth per render: 53.9–55.4 KB with
// pdfkit's, 43.5 KB with this), and those collections are what the service's slowest renders pay for
// (docs/performance.md). The bytes of the PDF are the same (test/renderers/pdf/latin1-write.test.ts).

/** The part of pdfkit's PDFDocument that its _write() touches: a Readable stream and its byte offset. */
interface PdfkitOutput {
  push(chunk: Uint8Array): boolean
  _offset: number
  _write(data: Uint8Array | string): void
}

/** pdfkit's _write(), with text turned into bytes by Buffer.from(…, 'latin1'). */
function write(this: PdfkitOutput, data: Uint8Array | string): void {
  const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, 'latin1')
  this.push(bytes)
  this._offset += bytes.length
}

/** Makes `doc` write its PDF syntax through Buffer.from(…, 'latin1'). */
export function writeLatin1(doc: PDFKit.PDFDocument): void {
  (doc as unknown as PdfkitOutput)._write = write
}
