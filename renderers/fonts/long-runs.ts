// A run of text with no space longer than LONG_RUN is shaped in clusters, each shaped (and cached) on its
// own, then laid end to end. fontkit shapes about 6 µs a character, and a run is cached whole, so a 1 MB word cost
// 6–20 s to measure and again to paint; its clusters repeat (a few hundred distinct ones), so now it costs
// the walk. Kerning and ligatures between clusters of such a run are dropped: no font pairs a space-less run
// of thousands of characters, and what is measured is what is painted (both shape through here).
import type { GlyphRun } from 'fontkit'

/** Runs longer than this (UTF-16 units) are shaped by clusters. */
export const LONG_RUN = 4096

/** Scripts that join or reorder: their clusters go in groups of up to this many code points. */
const GROUP = 32

const JOINS_PREVIOUS = /[\p{M}\p{Cf}\u{1F3FB}-\u{1F3FF}]/u

/**
 * A long text shaped as measuring splits it (after each space), but a piece longer than LONG_RUN by clusters.
 * `shapePiece` shapes (and caches) a short piece.
 */
export function shapeLong(text: string, shapePiece: (piece: string) => GlyphRun): GlyphRun {
  const runs: GlyphRun[] = []
  let start = 0
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text.charCodeAt(i) !== 32) continue
    const end = Math.min(i + 1, text.length)
    if (end === start) break
    if (end - start > LONG_RUN) clusters(text, start, end, shapePiece, runs)
    else runs.push(shapePiece(text.slice(start, end)))
    start = end
  }
  if (rightToLeft(text)) runs.reverse()
  const glyphs: GlyphRun['glyphs'] = []
  const positions: GlyphRun['positions'] = []
  let advanceWidth = 0
  for (const run of runs) {
    // The pieces' glyph and position objects are shared and read-only, as every cached run's.
    for (let k = 0; k < run.glyphs.length; k++) { glyphs.push(run.glyphs[k]); positions.push(run.positions[k]) }
    advanceWidth += run.advanceWidth
  }
  return { glyphs, positions, advanceWidth }
}

function clusters(text: string, from: number, to: number, shapePiece: (piece: string) => GlyphRun, runs: GlyphRun[]): void {
  let start = from
  let count = 0
  let prev = 0
  for (let i = from; i < to;) {
    const cp = text.codePointAt(i)!
    if (i > start && prev !== 0x200d && startsCluster(cp, prev, count)) {
      runs.push(shapePiece(text.slice(start, i)))
      start = i
      count = 0
    }
    count++
    prev = cp
    i += cp > 0xffff ? 2 : 1
  }
  if (start < to) runs.push(shapePiece(text.slice(start, to)))
}

/**
 * Whether a cluster starts at `cp`: a simple code point (Latin, Greek, Cyrillic and the like below U+0300,
 * CJK) starts one unless a mark, format character or emoji modifier attaches to what precedes; scripts that
 * shape across letters are cut only every GROUP code points, never before a mark.
 */
function startsCluster(cp: number, prev: number, count: number): boolean {
  if (simple(cp)) return true
  if (JOINS_PREVIOUS.test(String.fromCodePoint(cp))) return false
  return simple(prev) || count >= GROUP
}

function simple(cp: number): boolean {
  return cp < 0x300 || (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff01 && cp <= 0xff60) || cp >= 0x20000
}

/** fontkit lays a right-to-left script's run out in visual order: its first letter decides, as there. */
function rightToLeft(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c < 0x590)) return false
    if ((c >= 0x590 && c <= 0x8ff) || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfefc)) return true
    if (c >= 0x900) return false
  }
  return false
}
