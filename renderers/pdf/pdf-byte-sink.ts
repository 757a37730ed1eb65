// The file a pdfkit document writes, collected straight into one growing buffer. pdfkit's document is a
// Readable stream that writes every line (each object header, each cross-reference entry) as its own chunk:
// a Uint8Array made per line, then pushed through the stream machinery to a 'data' listener, and the file
// announced on a later tick. A render only wants the finished file, so the document's _write and push are
// replaced on the instance; the bytes are the same (lines are written as pdfkit's fromBinaryString writes
// them: each UTF-16 unit's low byte, then a newline).

/** The parts of pdfkit's PDFDocument this replaces (its own members). */
interface PdfkitWriter {
  _offset: number
  _write(data: string | Uint8Array): void
  push(chunk: Uint8Array | null): boolean
}

export class PdfByteSink {
  private bytes = Buffer.allocUnsafe(64 * 1024)
  private at = 0

  /**
   * Takes over a freshly made document's output; `done` is called with the file when pdfkit finishes it.
   * What the constructor wrote (the %PDF header lines) is still in the stream's buffer: taken from there first.
   */
  static attach(doc: PDFKit.PDFDocument, done: (file: Buffer) => void): void {
    const sink = new PdfByteSink()
    const head = doc.read() as Buffer | null
    if (head) sink.raw(head)
    const writer = doc as unknown as PdfkitWriter
    writer._write = function (this: PdfkitWriter, data: string | Uint8Array) {
      this._offset += typeof data === 'string' ? sink.line(data) : sink.raw(data)
    }
    writer.push = function (chunk: Uint8Array | null) {
      if (chunk !== null) throw new Error('pdfkit pushed output past PdfByteSink')
      done(sink.file())
      return false
    }
  }

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return
    let size = this.bytes.length * 2
    while (size < this.at + n) size *= 2
    const grown = Buffer.allocUnsafe(size)
    this.bytes.copy(grown, 0, 0, this.at)
    this.bytes = grown
  }

  /** A line of text: the low byte of each UTF-16 unit, then '\n'. Returns the bytes written. */
  line(text: string): number {
    const n = text.length + 1
    this.room(n)
    const bytes = this.bytes
    let at = this.at
    for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i) & 0xff
    bytes[at++] = 10
    this.at = at
    return n
  }

  raw(data: Uint8Array): number {
    this.room(data.length)
    this.bytes.set(data, this.at)
    this.at += data.length
    return data.length
  }

  /** The file as a buffer of its own (the working buffer is larger). */
  file(): Buffer {
    return Buffer.from(this.bytes.subarray(0, this.at))
  }
}
