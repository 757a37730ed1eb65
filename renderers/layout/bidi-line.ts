// The Unicode Bidirectional Algorithm (UAX #9) on one line box, after line breaking: the levels of the
// line's characters (bidi-js, paragraph level from `direction`; inline boxes whose direction differs from
// their parent's are isolates), text units cut where the level changes, brackets mirrored at odd levels,
// and the visual order of the pieces (rule L2). Glyphs inside a right-to-left word are put in visual order
// by the shaper (fontkit reverses runs of RTL scripts), so a piece at an odd level is one word at most.
import { bidi } from '../document/bidi.js'
import type { ComputedStyle } from '../document/styled-tree.js'
import type { FontStore } from '../fonts/font-store.js'
import { textUnit, type TextUnit, type Unit } from './inline-units.js'

const LRI = '\u2066'
const RLI = '\u2067'
const PDI = '\u2069'
const OBJECT = '\uFFFC'

/** Whether the text holds a right-to-left character or a bidi control (lines without one skip the algorithm). */
function hasRtl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x590) continue
    if (c <= 0x8ff || (c >= 0xfb1d && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfefe) || c === 0x200f ||
      (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
      // High surrogates of the supplementary RTL blocks (U+10800–10FFF, U+1E800–1EFFF).
      c === 0xd802 || c === 0xd803 || c === 0xd83a || c === 0xd83b) return true
  }
  return false
}

/** Whether a line needs the algorithm: a right-to-left paragraph or box, or right-to-left text. */
export function lineNeedsBidi(units: readonly Unit[], style: ComputedStyle, open: ReadonlyArray<{ style: ComputedStyle }>): boolean {
  if (style.direction === 'rtl') return true
  for (const b of open) if (b.style.direction === 'rtl') return true
  for (const u of units) {
    if (u.kind === 'text' ? hasRtl(u.text) : u.kind === 'open' && u.style.direction === 'rtl') return true
  }
  return false
}

/**
 * Cuts the line's text units (in place) where the bidi level changes and, at odd levels, after each space
 * (the painter lays the words of a piece left to right), with brackets mirrored at odd levels; returns the
 * level of each unit. `open` are the inline boxes continuing from the previous line.
 */
export function resolveLineLevels(fonts: FontStore, units: Unit[], style: ComputedStyle, open: ReadonlyArray<{ style: ComputedStyle }>): number[] {
  let text = ''
  const starts: number[] = []
  const dirs: Array<'ltr' | 'rtl'> = [style.direction]
  for (const b of open) text += isolate(dirs, b.style.direction)
  for (const u of units) {
    starts.push(text.length)
    if (u.kind === 'open') text += isolate(dirs, u.style.direction)
    else if (u.kind === 'text') text += u.text
    else if (u.kind === 'atomic') text += OBJECT
    else if (u.kind === 'close' && dirs.length > 1) {
      const inner = dirs.pop()
      if (inner !== dirs[dirs.length - 1]) text += PDI
    }
  }
  const levels = bidi.getEmbeddingLevels(text, style.direction).levels
  const base = style.direction === 'rtl' ? 1 : 0
  const out: Unit[] = []
  const unitLevels: number[] = []
  let prev = base
  for (let k = 0; k < units.length; k++) {
    const u = units[k]
    const s = starts[k]
    if (u.kind !== 'text' || !u.text) {
      // An edge or an empty piece goes with the content before it; isolate marks carry the outer level.
      const level = u.kind === 'atomic' || (u.kind === 'open' && text.length > s && isMark(text, s)) ? levels[s] ?? prev : prev
      out.push(u)
      unitLevels.push(level)
      prev = level
      continue
    }
    for (const [from, to, level] of pieces(u.text, levels, s)) {
      const piece = u.text.slice(from, to)
      const shown = level & 1 ? mirrored(piece) : piece
      out.push(from === 0 && to === u.text.length && shown === piece ? u : textUnit(fonts, u.item, shown, to === u.text.length && u.canBreakAfter) as TextUnit)
      unitLevels.push(level)
      prev = level
    }
  }
  units.length = 0
  for (const u of out) units.push(u)
  return unitLevels
}

/** The visual order of pieces with these levels (UAX #9 L2: reverse every run at level ≥ k, highest k first). */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i)
  let max = 0
  let minOdd = 255
  for (const l of levels) { max = Math.max(max, l); if (l & 1) minOdd = Math.min(minOdd, l) }
  for (let lv = max; lv >= minOdd; lv--) {
    for (let i = 0; i < order.length;) {
      if (levels[order[i]] < lv) { i++; continue }
      let j = i
      while (j < order.length && levels[order[j]] >= lv) j++
      for (let a = i, b = j - 1; a < b; a++, b--) [order[a], order[b]] = [order[b], order[a]]
      i = j
    }
  }
  return order
}

function isolate(dirs: Array<'ltr' | 'rtl'>, dir: 'ltr' | 'rtl'): string {
  const outer = dirs[dirs.length - 1]
  dirs.push(dir)
  return dir === outer ? '' : dir === 'rtl' ? RLI : LRI
}

function isMark(text: string, i: number): boolean {
  const c = text[i]
  return c === LRI || c === RLI
}

/** [from, to, level] of the runs of one level in text (whose first character is levels[offset]), odd runs cut after spaces. */
function pieces(text: string, levels: Uint8Array, offset: number): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = []
  let from = 0
  for (let i = 1; i <= text.length; i++) {
    const level = levels[offset + from]
    const end = i === text.length || levels[offset + i] !== level || (level & 1 && text.charCodeAt(i - 1) === 32 && text.charCodeAt(i) !== 32)
    if (end) { out.push([from, i, level]); from = i }
  }
  return out
}

function mirrored(text: string): string {
  let out = ''
  for (const ch of text) out += bidi.getMirroredCharacter(ch) ?? ch
  return out
}
