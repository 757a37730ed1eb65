// pdfkit writes every indirect object (pages, annotations, a tagged PDF's thousands of structure elements,
// outline items, font dictionaries) through PDFReference.finalize(), which turns its dictionary into PDF syntax
// with PDFObject.convert: a fresh `{}` to test each value's type, every string turned into a byte array and
// back one character at a time, numbers rounded through a Math call. That was some 7 per cent of
// vscode-markdown-pdf's render. For a document without encryption, finalize() here writes the same bytes with
// a converter that tests each type once and leaves ASCII strings as they are; an encrypted document keeps
// pdfkit's own (its strings are encrypted on the way). Compared byte for byte with pdfkit's in
// test/renderers/pdf/object-syntax.test.ts.
import { deflateSync } from 'node:zlib'

/** The parts of pdfkit's PDFReference (and its document) that finalize() reads and writes. */
interface PdfkitReference {
  document: { _offset: number; _security: unknown; _write(data: Uint8Array | string): void; _refEnd(ref: PdfkitReference): void }
  id: number
  gen: number
  offset: number
  data: Record<string, unknown>
  compress: boolean
  buffer: Uint8Array[] | Uint8Array
  finalize(): void
}

const patched = new WeakSet<object>()

/** Makes every PDFReference of pdfkit (the prototype of `doc`'s catalog) finalize through convertObject. */
export function writeObjectsFast(doc: PDFKit.PDFDocument): void {
  const proto = Object.getPrototypeOf((doc as unknown as { _root: object })._root) as PdfkitReference
  if (patched.has(proto)) return
  patched.add(proto)
  const own = proto.finalize
  const Reference = proto.constructor as new (...args: never[]) => unknown
  proto.finalize = function (this: PdfkitReference) {
    if (this.document._security) return own.call(this)
    this.offset = this.document._offset
    let buffer = this.buffer
    if (buffer.length) {
      buffer = Array.isArray(buffer) ? Buffer.concat(buffer) : buffer
      if (this.compress) buffer = deflateSync(buffer)
      this.data.Length = buffer.length
    }
    this.buffer = buffer
    const write = this.document
    write._write(`${this.id} ${this.gen} obj`)
    write._write(convertObject(this.data, Reference))
    if (buffer.length) {
      write._write('stream')
      write._write(buffer as Uint8Array)
      this.buffer = []
      write._write('\nendstream')
    }
    write._write('endobj')
    write._refEnd(this)
  }
}

/**
 * A value as pdfkit's PDFObject.convert writes it without encryption: names, strings (UTF-16BE with a byte
 * order mark when a character is past ASCII), hex byte strings, references (`Reference`'s instances) and
 * other objects with their own syntax (name and number trees, spot colours), dates, arrays, dictionaries.
 */
export function convertObject(value: unknown, Reference: new (...args: never[]) => unknown): string {
  switch (typeof value) {
    case 'string': return `/${value}`
    case 'number': return String(pdfNumber(value))
    case 'object': break
    default: return `${value as string}`
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      if (i > 0) out += ' '
      out += convertObject(item === undefined ? null : item, Reference)
    }
    return `${out}]`
  }
  if (value instanceof Reference) return String(value)
  if (value instanceof String) return stringLiteral(value.valueOf())
  if (value instanceof Uint8Array) return `<${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}>`
  if (value instanceof Date) return dateString(value)
  const proto: unknown = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) {
    if (isTree(value)) return treeSyntax(value, Reference)
    // pdfkit's SpotColor writes itself.
    if (value.constructor?.name === 'SpotColor') return String(value)
  }
  if (Object.prototype.toString.call(value) !== '[object Object]') return String(value)
  let out = '<<'
  const dict = value as Record<string, unknown>
  for (const key in dict) {
    const item = dict[key]
    if (item === undefined) continue
    out += `\n/${key} ${convertObject(item, Reference)}`
  }
  return `${out}\n>>`
}

/** pdfkit's PDFTree: a name tree (named destinations) or number tree (a tagged PDF's ParentTree). */
interface PdfkitTree {
  _items: Record<string, unknown>
  limits: boolean
  _compareKeys(a: string, b: string): number
  _dataForKey(key: string): unknown
  _keysName(): string
}

function isTree(value: object): value is PdfkitTree {
  return typeof (value as Partial<PdfkitTree>)._dataForKey === 'function'
}

/** PDFTree.toString: its items sorted by key, with the first and last key as /Limits when it has two or more. */
function treeSyntax(tree: PdfkitTree, Reference: new (...args: never[]) => unknown): string {
  const keys = Object.keys(tree._items).sort((a, b) => tree._compareKeys(a, b))
  let out = '<<'
  if (tree.limits && keys.length > 1) {
    out += `\n  /Limits ${convertObject([tree._dataForKey(keys[0]), tree._dataForKey(keys[keys.length - 1])], Reference)}`
  }
  out += `\n  /${tree._keysName()} [`
  for (const key of keys) out += `\n    ${convertObject(tree._dataForKey(key), Reference)} ${convertObject(tree._items[key], Reference)}`
  return `${out}\n]\n>>`
}

/** PDFObject.number: rounded to millionths; pdfkit refuses what it cannot write without an exponent. */
function pdfNumber(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6
  throw new Error(`unsupported number: ${n}`)
}

const ESCAPABLE = /[\n\r\t\b\f()\\]/g
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\\': '\\\\', '(': '\\(', ')': '\\)' }

/** A literal string: ASCII as it is, anything else as UTF-16BE after a byte order mark, then escaped. */
function stringLiteral(text: string): string {
  let ascii = true
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) { ascii = false; break }
  }
  let bytes = text
  if (!ascii) {
    const utf16 = Buffer.from(text, 'utf16le').swap16()
    bytes = `\xfe\xff${utf16.toString('latin1')}`
  }
  return `(${bytes.replace(ESCAPABLE, (c) => ESCAPES[c])})`
}

const pad = (n: number, length: number) => String(n).padStart(length, '0').slice(-length)

function dateString(d: Date): string {
  return `(D:${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}Z)`
}
