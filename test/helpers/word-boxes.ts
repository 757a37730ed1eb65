// The word boxes pdftotext -bbox reports for a PDF (points from the page's top-left; 1 CSS px = 0.75 pt).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'

export interface Word { text: string; x: number; y: number; x2: number; y2: number; page: number }

export function wordBoxes(bytes: Uint8Array): Word[] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-words-'))
  try {
    const path = join(dir, 'out.pdf')
    writeFileSync(path, bytes)
    const xml = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' })
    const out: Word[] = []
    let page = 0
    for (const line of xml.split('\n')) {
      if (line.includes('<page ')) page++
      const m = /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</.exec(line)
      if (m) out.push({ text: m[5], x: Number(m[1]), y: Number(m[2]), x2: Number(m[3]), y2: Number(m[4]), page })
    }
    return out
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function findWord(words: Word[], text: string): Word {
  const w = words.find((x) => x.text === text)
  if (!w) throw new Error(`word ${text} not in the PDF (${words.map((x) => x.text).join(' ')})`)
  return w
}

/** Asserts each word's page and top (CSS px, within 0.5 px) in a PDF, as measured in Chromium. */
export function expectWordTops(t: Test, bytes: Uint8Array, chromium: Record<string, [number, number]>): void {
  const words = wordBoxes(bytes)
  for (const [text, [pageNo, top]] of Object.entries(chromium)) {
    const w = findWord(words, text)
    t.equal(w.page, pageNo, `${text} on page ${pageNo}`)
    t.ok(Math.abs(w.y / 0.75 - top) < 0.5, `${text} at ${top} px (Quire ${(w.y / 0.75).toFixed(2)})`)
  }
}
