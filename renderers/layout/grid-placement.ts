// CSS Grid §8: where each item goes. Line numbers, names and areas resolve against the explicit grid;
// the rest is auto-placed along the flow (rows, or columns) in order-modified document order, sparse or
// dense. The grid grows implicit tracks after the explicit ones as items need them.
import type { ComputedStyle, GridLine } from '../document/styled-tree.js'

export interface Placement { col: number; colSpan: number; row: number; rowSpan: number }

/** Line names of one axis: name → 0-based line indices, in order. */
export type LineNames = Map<string, number[]>

export interface ExplicitAxis { count: number; names: LineNames }

interface AxisPos { start: number | null; span: number }

/** Resolves one axis of an item's placement: a definite start (0-based line), or null with a span. */
function resolveAxis(start: GridLine, end: GridLine, axis: ExplicitAxis): AxisPos {
  const s = definite(start, axis, 'start')
  const e = definite(end, axis, 'end')
  if (s !== null && e !== null) {
    if (e === s) return { start: s, span: 1 }
    return e > s ? { start: s, span: e - s } : { start: e, span: s - e }
  }
  if (s !== null) return { start: s, span: end.k === 'span' ? spanTo(end, s, axis, 1) : 1 }
  if (e !== null) {
    const span = start.k === 'span' ? spanTo(start, e, axis, -1) : 1
    return { start: Math.max(0, e - span), span }
  }
  const span = start.k === 'span' ? start.n : end.k === 'span' && !end.name ? end.n : 1
  return { start: null, span }
}

function definite(line: GridLine, axis: ExplicitAxis, side: 'start' | 'end'): number | null {
  switch (line.k) {
    case 'auto': case 'span': return null
    case 'area': {
      const lines = axis.names.get(`${line.name}-${side}`) ?? axis.names.get(line.name)
      return lines ? lines[0] : null
    }
    case 'line': {
      if (line.name === null) {
        const idx = line.n > 0 ? line.n - 1 : axis.count + 1 + line.n
        return Math.max(0, idx)
      }
      const lines = axis.names.get(line.name) ?? axis.names.get(`${line.name}-${side}`)
      if (!lines) return line.n > 0 ? axis.count + line.n : 0 // every implicit line carries the name (§8.3.1)
      if (line.n > 0) return lines[line.n - 1] ?? axis.count + (line.n - lines.length)
      return lines[lines.length + line.n] ?? 0
    }
  }
}

/** `span <name> n` counts named lines from `from` in direction dir; a plain span is n tracks. */
function spanTo(line: Extract<GridLine, { k: 'span' }>, from: number, axis: ExplicitAxis, dir: 1 | -1): number {
  if (!line.name) return line.n
  const lines = axis.names.get(line.name) ?? []
  let found = 0
  for (let i = from + dir; i >= 0 && i <= axis.count + 100; i += dir) {
    if (lines.includes(i) || i > axis.count) found++
    if (found === line.n) return Math.abs(i - from)
  }
  return line.n
}

/** Places every item; returns placements (same order) and the grid's size in columns and rows. */
export function placeItems(styles: ComputedStyle[], container: ComputedStyle, cols: ExplicitAxis, rows: ExplicitAxis): { placements: Placement[]; colCount: number; rowCount: number } {
  const byColumns = container.gridAutoFlow.startsWith('column')
  const dense = container.gridAutoFlow.endsWith('dense')
  // Work in flow terms: "major" is the axis items advance along (columns in row flow), "minor" the one that grows.
  const major = byColumns ? rows : cols
  const minor = byColumns ? cols : rows
  const resolved = styles.map((s) => {
    const c = resolveAxis(s.gridColumnStart, s.gridColumnEnd, cols)
    const r = resolveAxis(s.gridRowStart, s.gridRowEnd, rows)
    return byColumns ? { maj: r, min: c } : { maj: c, min: r }
  })
  let majorCount = Math.max(1, major.count)
  for (const r of resolved) majorCount = Math.max(majorCount, (r.maj.start ?? 0) + r.maj.span)
  const occupied: boolean[][] = []
  const free = (minorAt: number, minorSpan: number, majorAt: number, majorSpan: number): boolean => {
    if (majorAt + majorSpan > majorCount) return false
    for (let m = minorAt; m < minorAt + minorSpan; m++) {
      const line = occupied[m]
      if (!line) continue
      for (let j = majorAt; j < majorAt + majorSpan; j++) if (line[j]) return false
    }
    return true
  }
  const mark = (p: { maj: number; majSpan: number; min: number; minSpan: number }) => {
    for (let m = p.min; m < p.min + p.minSpan; m++) {
      const line = occupied[m] ??= []
      for (let j = p.maj; j < p.maj + p.majSpan; j++) line[j] = true
    }
  }
  const out: Array<{ maj: number; majSpan: number; min: number; minSpan: number } | null> = resolved.map(() => null)
  // 1. Items fixed on both axes; 2. items fixed on the minor axis (locked to their row in row flow).
  resolved.forEach((r, i) => {
    if (r.maj.start !== null && r.min.start !== null) mark(out[i] = { maj: r.maj.start, majSpan: r.maj.span, min: r.min.start, minSpan: r.min.span })
  })
  const cursors = new Map<number, number>()
  resolved.forEach((r, i) => {
    if (out[i] || r.min.start === null) return
    const m = r.min.start
    let j = dense ? 0 : cursors.get(m) ?? 0
    while (!free(m, r.min.span, j, r.maj.span) && j < majorCount) j++
    if (j + r.maj.span > majorCount) majorCount = j + r.maj.span
    mark(out[i] = { maj: j, majSpan: r.maj.span, min: m, minSpan: r.min.span })
    cursors.set(m, j + r.maj.span)
  })
  // 3. The rest, with the auto-placement cursor.
  let curMin = 0
  let curMaj = 0
  resolved.forEach((r, i) => {
    if (out[i]) return
    if (dense) { curMin = 0; curMaj = 0 }
    if (r.maj.start !== null) {
      const j = r.maj.start
      if (!dense && j < curMaj) curMin++
      while (!free(curMin, r.min.span, j, r.maj.span)) curMin++
      curMaj = j
      mark(out[i] = { maj: j, majSpan: r.maj.span, min: curMin, minSpan: r.min.span })
      return
    }
    for (;;) {
      if (curMaj + r.maj.span > majorCount) { curMaj = 0; curMin++; continue }
      if (free(curMin, r.min.span, curMaj, r.maj.span)) break
      curMaj++
    }
    mark(out[i] = { maj: curMaj, majSpan: r.maj.span, min: curMin, minSpan: r.min.span })
    curMaj += r.maj.span
  })
  let minorCount = Math.max(1, minor.count)
  for (const p of out) if (p) minorCount = Math.max(minorCount, p.min + p.minSpan)
  const placements = out.map((p) => byColumns
    ? { col: p!.min, colSpan: p!.minSpan, row: p!.maj, rowSpan: p!.majSpan }
    : { col: p!.maj, colSpan: p!.majSpan, row: p!.min, rowSpan: p!.minSpan })
  return byColumns
    ? { placements, colCount: minorCount, rowCount: majorCount }
    : { placements, colCount: majorCount, rowCount: minorCount }
}

/**
 * The lines of an absolutely positioned child of a grid container (CSS Grid 1 §9.1): 0-based, or null where
 * the edge is the container's padding edge (auto, a span against auto, a line outside the grid of `count` tracks).
 */
export function absoluteLines(start: GridLine, end: GridLine, axis: ExplicitAxis, count: number): { start: number | null; end: number | null } {
  const inGrid = (n: number | null) => n !== null && n >= 0 && n <= count ? n : null
  // A negative line before the first one does not exist (auto-placement clamps it to the first line).
  const before = (line: GridLine) => line.k === 'line' && line.name === null && line.n < 0 && axis.count + 1 + line.n < 0
  const s = before(start) ? null : definite(start, axis, 'start')
  const e = before(end) ? null : definite(end, axis, 'end')
  if (s !== null && e !== null) return e > s ? { start: inGrid(s), end: inGrid(e) } : e < s ? { start: inGrid(e), end: inGrid(s) } : { start: inGrid(s), end: inGrid(s + 1) }
  if (s !== null) return { start: inGrid(s), end: end.k === 'span' ? inGrid(s + spanTo(end, s, axis, 1)) : null }
  if (e !== null) return { start: start.k === 'span' ? inGrid(e - spanTo(start, e, axis, -1)) : null, end: inGrid(e) }
  return { start: null, end: null }
}
