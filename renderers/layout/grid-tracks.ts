// CSS Grid §7.2 and §11: the track list of one axis (explicit tracks with auto-repeat expanded, implicit ones
// after) and the track sizing algorithm, simplified: fixed sizes, then intrinsic contributions of items
// spanning one track, then spanning items spread evenly over their intrinsic tracks, free space grown
// into growth limits, flexible tracks (fr) sharing what is left, auto tracks stretched under `normal`.
import type { GridBreadth, GridTrackList, GridTrackSize } from '../document/styled-tree.js'
import { GRID_MAX_TRACKS } from '../document/properties-grid.js'
import { len } from './box-edges.js'
import type { ExplicitAxis, LineNames } from './grid-placement.js'

export interface AxisTracks extends ExplicitAxis {
  /** Explicit track sizes (auto-repeat expanded). */
  sizes: GridTrackSize[]
  /** Tracks removed by auto-fit when empty: indices of the repeated tracks. */
  autoFit: number[]
}

/** Expands a track list for an available size (null = indefinite: one repetition), with names from areas. */
export function explicitTracks(list: GridTrackList | null, areas: string[][] | null, axis: 'col' | 'row', available: number | null, gap: number): AxisTracks {
  const sizes: GridTrackSize[] = []
  const names: LineNames = new Map()
  const name = (n: string, line: number) => { const l = names.get(n); if (l) { if (!l.includes(line)) l.push(line) } else names.set(n, [line]) }
  const autoFit: number[] = []
  if (list) {
    const add = (lineNames: string[], line: number) => { for (const n of lineNames) name(n, line) }
    for (let i = 0; i <= list.sizes.length; i++) {
      if (list.autoRepeat && list.autoRepeat.at === i) {
        const rep = list.autoRepeat
        const count = repetitions(list, available, gap)
        for (let k = 0; k < count; k++) {
          add(rep.names[0], sizes.length)
          for (let j = 0; j < rep.sizes.length; j++) {
            if (rep.mode === 'auto-fit') autoFit.push(sizes.length)
            sizes.push(rep.sizes[j])
            add(rep.names[j + 1], sizes.length)
          }
        }
      }
      // names[i] belongs to the line before sizes[i]; with an auto repeat the list has one more entry.
      const namesAt = list.autoRepeat && i > list.autoRepeat.at ? list.names[i + 1] : list.names[i]
      if (namesAt) add(namesAt, sizes.length)
      if (i < list.sizes.length) sizes.push(list.sizes[i])
    }
  }
  let count = sizes.length
  if (areas) {
    const extent = axis === 'col' ? areas[0].length : areas.length
    count = Math.max(count, extent)
    const seen = new Set<string>()
    for (let r = 0; r < areas.length; r++) {
      for (let c = 0; c < areas[r].length; c++) {
        const a = areas[r][c]
        if (a === '.' || seen.has(a)) continue
        seen.add(a)
        // The area's extent: from its first cell to where the name stops.
        let c2 = c
        while (c2 + 1 < areas[r].length && areas[r][c2 + 1] === a) c2++
        let r2 = r
        while (r2 + 1 < areas.length && areas[r2 + 1][c] === a) r2++
        if (axis === 'col') { name(`${a}-start`, c); name(`${a}-end`, c2 + 1) } else { name(`${a}-start`, r); name(`${a}-end`, r2 + 1) }
      }
    }
  }
  return { sizes, names, count, autoFit }
}

/** A length breadth in px against `basis`: min()/max() of mixed lengths and percentages compared here. */
function breadthPx(b: Extract<GridBreadth, { k: 'len' }>, basis: number): number {
  if (!b.pick) return len(b.d, basis)
  const values = b.pick.dims.map((d) => len(d, basis))
  return b.pick.fn === 'min' ? Math.min(...values) : Math.max(...values)
}

function usesPercent(b: Extract<GridBreadth, { k: 'len' }>): boolean {
  return b.pick ? b.pick.dims.some((d) => d.pct !== 0) : b.d.pct !== 0
}

/** How many times repeat(auto-fill/auto-fit) fits (at least once). */
function repetitions(list: GridTrackList, available: number | null, gap: number): number {
  const rep = list.autoRepeat!
  if (available === null) return 1
  const fixed = (s: GridTrackSize): number | null => {
    const b = s.max.k === 'len' ? s.max : s.min.k === 'len' ? s.min : null
    return b && b.k === 'len' ? Math.max(0, breadthPx(b, available)) : null
  }
  const repSizes = rep.sizes.map(fixed)
  if (repSizes.some((v) => v === null)) return 1
  const others = list.sizes.map(fixed).reduce<number>((a, v) => a + (v ?? 0), 0) + gap * list.sizes.length
  const per = repSizes.reduce<number>((a, v) => a + v!, 0) + gap * rep.sizes.length
  if (per <= 0) return 1
  // At most as many as repeat(<integer>) expands to: `repeat(auto-fill, 0.001px)` would be 800,000 tracks.
  return Math.max(1, Math.min(GRID_MAX_TRACKS, Math.floor((available - others + gap) / per)))
}

/**
 * The size of `span` tracks from `start` when each is one fixed length (gaps between them included), which an
 * item's percentage height resolves against before the tracks are sized; null when any is intrinsic or flexible.
 */
export function fixedSpan(tracks: GridTrackSize[], start: number, span: number, gap: number, available: number | null): number | null {
  let total = gap * (span - 1)
  for (const i of range(start, span)) {
    const t = tracks[i] as GridTrackSize | undefined
    if (!t || t.min.k !== 'len' || t.max.k !== 'len') return null
    if (available === null && (usesPercent(t.min) || usesPercent(t.max))) return null
    const min = Math.max(0, breadthPx(t.min, available ?? 0))
    if (min !== Math.max(0, breadthPx(t.max, available ?? 0))) return null
    total += min
  }
  return total
}

export interface Contribution { start: number; span: number; min: number; max: number }

/**
 * Sizes the tracks of one axis. `available` is the content size (null = indefinite: fr tracks size to
 * their content). Returns each track's size.
 */
export function sizeTracks(tracks: GridTrackSize[], items: Contribution[], available: number | null, gap: number, stretchAuto: boolean, collapsed: Set<number>): number[] {
  const n = tracks.length
  const pct = available ?? 0
  // A calc() size that comes out negative (calc(50% - 8px) in a narrow box) is clamped to 0.
  const fixed = (b: GridBreadth): number | null => (b.k === 'len' ? (usesPercent(b) && available === null ? null : Math.max(0, breadthPx(b, pct))) : null)
  // Collapsed tracks (empty auto-fit repetitions) are 0 and take no part.
  const base = tracks.map((t, i) => (collapsed.has(i) ? 0 : fixed(t.min) ?? 0))
  // Growth limits: fr tracks are flexible (Infinity); fixed maxima are what they say; intrinsic maxima
  // start at the base size and grow with the items' contributions.
  const limit = tracks.map((t, i) => {
    if (t.max.k === 'fr') return Infinity
    const f = fixed(t.max)
    return f !== null ? Math.max(base[i], f) : base[i]
  })
  const intrinsicMin = (t: GridTrackSize) => t.min.k === 'auto' || t.min.k === 'min-content' || t.min.k === 'max-content'
  const intrinsicMax = (t: GridTrackSize) => t.max.k === 'auto' || t.max.k === 'min-content' || t.max.k === 'max-content'
  const isFlex = (i: number) => tracks[i].max.k === 'fr'
  // Items spanning one track first, then wider spans (§11.5).
  const sorted = [...items].sort((a, b) => a.span - b.span)
  for (const it of sorted) {
    if (collapsed.has(it.start)) continue
    const span = range(it.start, it.span).filter((i) => i < n)
    if (span.length === 0) continue
    const gaps = gap * (it.span - 1)
    if (it.span > 1 && span.some(isFlex)) continue // handled with the flexible tracks
    // Minimum contributions raise the intrinsic minimums.
    const minTracks = span.filter((i) => intrinsicMin(tracks[i]))
    const baseSum = span.reduce((a, i) => a + base[i], 0) + gaps
    const minWant = (t: GridTrackSize) => (t.min.k === 'max-content' ? it.max : it.min)
    if (minTracks.length && span.length === 1) base[span[0]] = Math.max(base[span[0]], minWant(tracks[span[0]]))
    else if (minTracks.length && it.min > baseSum) for (const i of minTracks) base[i] += (it.min - baseSum) / minTracks.length
    // Maximum contributions raise growth limits of intrinsic maximums.
    const maxTracks = span.filter((i) => intrinsicMax(tracks[i]))
    for (const i of span) if (limit[i] < base[i]) limit[i] = base[i]
    if (maxTracks.length) {
      const want = (t: GridTrackSize) => (t.max.k === 'min-content' ? it.min : t.fit ? Math.min(it.max, len(t.fit, pct)) : it.max)
      if (span.length === 1) limit[span[0]] = Math.max(limit[span[0]], base[span[0]], want(tracks[span[0]]))
      else {
        const limSum = span.reduce((a, i) => a + limit[i], 0) + gaps
        const w = want(tracks[maxTracks[0]])
        if (w > limSum) for (const i of maxTracks) limit[i] = Math.max(limit[i], base[i]) + (w - limSum) / maxTracks.length
      }
    }
  }
  const totalGaps = gap * Math.max(0, n - 1 - collapsedCount(collapsed, n))
  // Maximise: grow non-flexible tracks towards their limits.
  const sizes = base.slice()
  if (available !== null) {
    let free = available - totalGaps - sizes.reduce((a, v) => a + v, 0)
    for (let guard = 0; guard < 8 && free > 0.01; guard++) {
      const growable = range(0, n).filter((i) => !isFlex(i) && sizes[i] < limit[i] && !collapsed.has(i))
      if (!growable.length) break
      const share = free / growable.length
      for (const i of growable) {
        const add = Math.min(share, limit[i] - sizes[i])
        sizes[i] += add
        free -= add
      }
    }
  } else {
    for (let i = 0; i < n; i++) if (!isFlex(i)) sizes[i] = Math.max(sizes[i], limit[i])
  }
  // Flexible tracks.
  const flex = range(0, n).filter((i) => isFlex(i) && !collapsed.has(i))
  if (flex.length) {
    const fr = (i: number) => (tracks[i].max as { n: number }).n
    let fraction: number
    if (available !== null) {
      const inflexible = new Set<number>()
      for (;;) {
        const leftover = available - totalGaps - range(0, n).filter((i) => !flex.includes(i) || inflexible.has(i)).reduce((a, i) => a + sizes[i], 0)
        const frSum = Math.max(1, flex.filter((i) => !inflexible.has(i)).reduce((a, i) => a + fr(i), 0))
        fraction = Math.max(0, leftover) / frSum
        const newly = flex.filter((i) => !inflexible.has(i) && fraction * fr(i) < sizes[i])
        if (!newly.length) break
        for (const i of newly) inflexible.add(i)
      }
      for (const i of flex) if (!inflexible.has(i)) sizes[i] = Math.max(sizes[i], fraction * fr(i))
    } else {
      // Indefinite: each flexible track's content needs a fraction; the largest wins (§12.7.1).
      fraction = 0
      for (const i of flex) fraction = Math.max(fraction, fr(i) >= 1 ? sizes[i] / fr(i) : sizes[i])
      for (const it of items) {
        const span = range(it.start, it.span).filter((i) => i < n)
        const frSum = span.filter(isFlex).reduce((a, i) => a + fr(i), 0)
        if (frSum > 0) fraction = Math.max(fraction, (it.max - gap * (it.span - 1) - span.filter((i) => !isFlex(i)).reduce((a, i) => a + sizes[i], 0)) / Math.max(1, frSum))
      }
      for (const i of flex) sizes[i] = Math.max(sizes[i], fraction * fr(i))
    }
  }
  // justify-content/align-content normal: auto tracks share what is still free.
  if (available !== null && stretchAuto) {
    const free = available - totalGaps - sizes.reduce((a, v) => a + v, 0)
    const autos = range(0, n).filter((i) => tracks[i].max.k === 'auto' && !collapsed.has(i))
    if (free > 0.01 && autos.length && !flex.length) for (const i of autos) sizes[i] += free / autos.length
  }
  for (const i of collapsed) if (i < n) sizes[i] = 0
  return sizes
}

function collapsedCount(collapsed: Set<number>, n: number): number {
  let c = 0
  for (const i of collapsed) if (i < n) c++
  return c
}

export function range(start: number, count: number): number[] {
  const out: number[] = []
  for (let i = 0; i < count; i++) out.push(start + i)
  return out
}
