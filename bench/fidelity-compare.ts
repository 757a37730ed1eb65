// How close a rendered document is to Chromium's reference of the same input: the figures of docs/fidelity.md,
// computed by the project itself (poppler's pdftoppm/pdftotext for PDFs, sharp for PNGs), each 0..1:
//   pages      1 when the page counts are equal, else 0
//   text       word-sequence similarity of pdftotext's text: 2·LCS / (words_ref + words_candidate)
//   placement  share of reference words the candidate puts in the same place: the k-th occurrence of a word in
//              the reference (page by page, top to bottom, left to right) against its k-th in the candidate,
//              counted when both are on the same page with box centres within 5 mm
//   visual     per page, both rasterised in grey at 50 dpi and blurred 3×3: among pixels with ink in either
//              (grey < 235), the share whose grey levels differ by at most 48; a page only one document has
//              scores 0; the mean over the larger page count
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'

export interface Comparison {
  pages: number
  refPages: number
  candPages: number
  text: number | null
  placement: number | null
  visual: number
  perPage: number[]
}

interface Grey { width: number; height: number; data: Uint8Array }

const INK = 235
const TOLERANCE = 48
const DPI = 50
const PLACEMENT_PT = (5 * 72) / 25.4

/** Each pixel the rounded mean of its 3×3 neighbourhood (the part inside the image). */
function blur({ width, height, data }: Grey): Grey {
  // Sums along rows, then along columns: the same integer sums as the 3×3 window, in two passes.
  const rows = new Uint16Array(width * height)
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      rows[row + x] = data[row + x] + (x > 0 ? data[row + x - 1] : 0) + (x < width - 1 ? data[row + x + 1] : 0)
    }
  }
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const rowsIn = 1 + (y > 0 ? 1 : 0) + (y < height - 1 ? 1 : 0)
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const sum = rows[i] + (y > 0 ? rows[i - width] : 0) + (y < height - 1 ? rows[i + width] : 0)
      const n = rowsIn * (1 + (x > 0 ? 1 : 0) + (x < width - 1 ? 1 : 0))
      out[i] = Math.round(sum / n)
    }
  }
  return { width, height, data: out }
}

/** The visual figure of two grey images (white beyond an image's edge). */
export function visualAgreement(a: Grey, b: Grey): number {
  const A = blur(a)
  const B = blur(b)
  const width = Math.max(A.width, B.width)
  const height = Math.max(A.height, B.height)
  let ink = 0
  let same = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const va = x < A.width && y < A.height ? A.data[y * A.width + x] : 255
      const vb = x < B.width && y < B.height ? B.data[y * B.width + x] : 255
      if (va >= INK && vb >= INK) continue
      ink++
      if (Math.abs(va - vb) <= TOLERANCE) same++
    }
  }
  return ink === 0 ? 1 : same / ink
}

async function greyImage(file: string): Promise<Grey> {
  const { data, info } = await sharp(file).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, data }
}

/** The pages of a PDF rasterised in grey at DPI, in page order. */
async function pdfPages(file: string, dir: string, tag: string): Promise<Grey[]> {
  execFileSync('pdftoppm', ['-gray', '-png', '-r', String(DPI), file, join(dir, tag)])
  const pageNumber = (name: string) => Number(/-(\d+)\.png$/.exec(name)![1])
  const names = readdirSync(dir).filter((f) => f.startsWith(`${tag}-`) && f.endsWith('.png')).sort((p, q) => pageNumber(p) - pageNumber(q))
  return Promise.all(names.map((name) => greyImage(join(dir, name))))
}

interface PlacedWord { text: string; page: number; x: number; y: number }

const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')

/** Every word with its page and box centre (points), from pdftotext -bbox. */
function placedWords(file: string): PlacedWord[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { maxBuffer: 256 << 20 }).toString('utf8')
  const words: PlacedWord[] = []
  let page = -1
  const pattern = /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g
  for (let m; (m = pattern.exec(xhtml));) {
    if (m[0] === '<page ') page++
    else words.push({ text: unescapeXml(m[5]), page, x: (Number(m[1]) + Number(m[3])) / 2, y: (Number(m[2]) + Number(m[4])) / 2 })
  }
  return words
}

function textWords(file: string): string[] {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 256 << 20 }).toString('utf8').split(/\s+/).filter(Boolean)
}

/** Length of the longest common subsequence of two word lists (two rows of the usual table). */
function lcsLength(a: string[], b: string[]): number {
  const ids = new Map<string, number>()
  const id = (w: string) => ids.get(w) ?? (ids.set(w, ids.size), ids.size - 1)
  const x = Int32Array.from(a, id)
  const y = Int32Array.from(b, id)
  let prev = new Int32Array(y.length + 1)
  let curr = new Int32Array(y.length + 1)
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) curr[j] = x[i - 1] === y[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], curr[j - 1])
    ;[prev, curr] = [curr, prev]
  }
  return prev[y.length]
}

function placedShare(reference: PlacedWord[], candidate: PlacedWord[]): number {
  const readingOrder = (p: PlacedWord, q: PlacedWord) => p.page - q.page || Math.round(p.y) - Math.round(q.y) || p.x - q.x
  const occurrences = new Map<string, PlacedWord[]>()
  for (const w of [...candidate].sort(readingOrder)) {
    const list = occurrences.get(w.text)
    if (list) list.push(w)
    else occurrences.set(w.text, [w])
  }
  const seen = new Map<string, number>()
  let placed = 0
  for (const w of [...reference].sort(readingOrder)) {
    const k = seen.get(w.text) ?? 0
    seen.set(w.text, k + 1)
    const match = occurrences.get(w.text)?.[k]
    if (match && match.page === w.page && Math.hypot(match.x - w.x, match.y - w.y) <= PLACEMENT_PT) placed++
  }
  return reference.length ? placed / reference.length : 1
}

/** Compares two PDFs, or two PNGs (then only the visual figure). */
export async function compareRenders(reference: string, candidate: string): Promise<Comparison> {
  if (reference.endsWith('.png')) {
    const visual = visualAgreement(await greyImage(reference), await greyImage(candidate))
    return { pages: 1, refPages: 1, candPages: 1, text: null, placement: null, visual, perPage: [visual] }
  }
  const dir = mkdtempSync(join(tmpdir(), 'quire-compare-'))
  try {
    const ref = await pdfPages(reference, dir, 'ref')
    const cand = await pdfPages(candidate, dir, 'cand')
    const count = Math.max(ref.length, cand.length)
    const perPage = Array.from({ length: count }, (_, i) => (ref[i] && cand[i] ? visualAgreement(ref[i], cand[i]) : 0))
    const a = textWords(reference)
    const b = textWords(candidate)
    return {
      pages: ref.length === cand.length ? 1 : 0,
      refPages: ref.length,
      candPages: cand.length,
      text: a.length + b.length === 0 ? 1 : (2 * lcsLength(a, b)) / (a.length + b.length),
      placement: placedShare(placedWords(reference), placedWords(candidate)),
      visual: perPage.reduce((s, v) => s + v, 0) / Math.max(count, 1),
      perPage,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
