// qrCode() and barcode(): vector SVG (qrcode's matrix, bwip-js's bars) written inline in the HTML, as
// TemplateTo draws them; the layout engine takes an inline <svg> as a replaced element and the PDF painter
// draws its paths as vectors (no image), so codes stay crisp at any zoom and print size. The human-readable
// line of a barcode is HTML text under the bars, so it stays selectable and searchable in the PDF. The
// payload is the SVG's aria-label (what a screen reader says; the text render skips drawings).
import { createRequire } from 'node:module'
import type QRCode from 'qrcode'
import type BwipJs from 'bwip-js'
import { quoteInput } from '../quote-input.js'

// Loaded on the first code drawn, not with the template engine: bwip-js is 2.3 MB of script and qrcode
// another module tree, some 0.2 s of CPU that every render worker paid at start for a filter most
// templates never call (docs/operations.md#start-up-and-memory). require() keeps the filters synchronous.
const require = createRequire(import.meta.url)
let qrcode: typeof QRCode | null = null
let bwipjs: typeof BwipJs | null = null
const loadQrcode = () => (qrcode ??= require('qrcode') as typeof QRCode)
const loadBwipJs = () => (bwipjs ??= require('bwip-js') as typeof BwipJs)

class CodeInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CodeInputError'
  }
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A hex colour as the docs require (#000, #1a1a1a); a bare 3- or 6-digit hex gets its '#'. */
export function hexColour(fn: string, name: string, value: unknown, fallback: string): string {
  if (value === null || value === undefined || value === '') return fallback
  const s = String(value).trim()
  if (/^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(s)) return s
  if (/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(s)) return '#' + s
  throw new CodeInputError(`${fn}: ${name} ${quoteInput(s)} is not a hex colour such as #000000`)
}

export function sizeArg(fn: string, name: string, value: unknown, fallback: number, max = 5000): number {
  if (value === null || value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0 || n > max) throw new CodeInputError(`${fn}: ${name} ${quoteInput(String(value))} is not a number from 0 to ${max}`)
  return n
}

/** Attributes every code's <svg> gets: its box in CSS pixels (block, so no line-box gap under it) and its label. */
function svgBoxAttrs(content: string, width: number, height: number): string {
  return `width="${width}" height="${height}" preserveAspectRatio="none" role="img" aria-label="${escapeAttr(content)}" style="display: block; width: ${width}px; height: ${height}px;"`
}

export interface QrOptions { foreground: string; background: string; margin: number; width: number; height: number }

export function qrCodeHtml(content: string, o: QrOptions): string {
  if (content === '') throw new CodeInputError('qrCode: the content is empty')
  let qr: ReturnType<typeof QRCode.create>
  try {
    qr = loadQrcode().create(content, { errorCorrectionLevel: 'M' })
  } catch (err) {
    throw new CodeInputError(`qrCode: ${(err as Error).message}`)
  }
  const n = qr.modules.size
  // The quiet zone is the span's padding (the `margin` argument), as in TemplateTo's output.
  let path = ''
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!qr.modules.get(y, x)) continue
      let run = 1
      while (x + run < n && qr.modules.get(y, x + run)) run++
      path += `M${x} ${y}h${run}v1h-${run}z`
      x += run - 1
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" ${svgBoxAttrs(content, o.width, o.height)} shape-rendering="crispEdges">`
    + `<rect width="${n}" height="${n}" fill="${o.background}"></rect><path fill="${o.foreground}" d="${path}"></path></svg>`
  return `<span class="tt-qrcode" style="padding: ${o.margin}px; background: ${o.background}; display: inline-block; line-height: 0;">${svg}</span>`
}

/** TemplateTo's format names → bwip-js encoder ids. */
const FORMATS: Record<string, string> = {
  CODE128: 'code128', CODE39: 'code39', EAN13: 'ean13', EAN8: 'ean8', UPCA: 'upca', UPCE: 'upce', ITF: 'interleaved2of5', QR_CODE: 'qrcode',
}

function checkDigit(digits: string): string {
  // GS1 mod-10: weights 3,1,3,… from the right.
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return String((10 - (sum % 10)) % 10)
}

/** What is printed under the bars: the payload, with the check digit the encoder adds for EAN/UPC. */
function humanReadable(format: string, content: string): string {
  const lengths: Record<string, number> = { EAN13: 12, EAN8: 7, UPCA: 11 }
  const bare = lengths[format]
  return bare !== undefined && /^\d+$/.test(content) && content.length === bare ? content + checkDigit(content) : content
}

export interface BarcodeOptions { foreground: string; background: string; fontSize: number; margin: number; width: number; height: number; noText: boolean }

export function barcodeHtml(content: string, formatName: string, o: BarcodeOptions): string {
  const format = formatName.toUpperCase().replace(/[-\s]/g, '')
  const bcid = FORMATS[format]
  if (!bcid) throw new CodeInputError(`barcode: unknown format ${quoteInput(formatName)} (use ${Object.keys(FORMATS).join(', ')})`)
  if (content === '') throw new CodeInputError('barcode: the content is empty')
  let svg: string
  try {
    svg = loadBwipJs().toSVG({ bcid, text: content, scale: 1, height: 10, includetext: false, barcolor: o.foreground.slice(1), backgroundcolor: o.background.slice(1) })
  } catch (err) {
    const reason = (err as Error).message.replace(/^bwipp\.\w+#\d+:\s*/, '')
    throw new CodeInputError(`barcode: ${format} cannot encode ${quoteInput(content)}: ${reason.slice(0, 200)}`)
  }
  // Stretch the bars to the requested box: bar widths scale evenly, so the code still scans. Elements are
  // closed explicitly: inline in HTML, a self-closing tag is only honoured inside foreign content.
  const stretched = svg.replace(/^[\s\S]*?<svg /, `<svg ${svgBoxAttrs(content, o.width, o.height)} `)
    .replace(/<(rect|path)([^>]*?)\s*\/>/g, '<$1$2></$1>').replace(/\n/g, '')
  const text = o.noText || format === 'QR_CODE'
    ? ''
    : `<span style="display: block; font-family: monospace; font-size: ${o.fontSize}px; line-height: 1.2; text-align: center; color: ${o.foreground};">${escapeAttr(humanReadable(format, content))}</span>`
  return `<span class="tt-barcode" style="padding: ${o.margin}px; background: ${o.background}; display: inline-block; text-align: center;">`
    + `${stretched}${text}</span>`
}
