// How an automatic-layout table shares a width among columns, as Chromium does (Blink's
// DistributeInlineSizeToComputedInlineSizeAuto; css-tables-3 §"width distribution"). Used for the table's
// own width and, over the columns a cell spans, for a colspan cell's min- and max-content widths.
// Four guesses are tried in turn, each the sum of column widths at one stage:
//   min         every column at its min-content width
//   percentage  percentage columns at their percentage, the rest at min
//   specified   fixed-width columns at their width (their max) as well
//   max         auto columns at their max-content width as well
// The width falls between two guesses, and only the columns the next guess grows take the difference, in
// proportion to how much that guess grows each. Beyond the max guess the extra goes to auto columns in
// proportion to their max-content widths, else to fixed ones, else to percentage ones by their percentage.

export interface DistColumn {
  min: number
  max: number
  /** Percentage width (0: none). */
  pct: number
  /** A fixed width was specified (then `max` is that width, at least `min`). */
  fixed: boolean
}

type Kind = 'pct' | 'fixed' | 'auto'
const kindOf = (c: DistColumn): Kind => (c.pct > 0 ? 'pct' : c.fixed ? 'fixed' : 'auto')

/** Column widths summing to `target` (or to the columns' min-content sum when that is more). */
export function distributeWidth(cols: readonly DistColumn[], targetIn: number): number[] {
  const pctWidth = (c: DistColumn, target: number) => Math.max(c.min, (c.pct * target) / 100)
  const sumMin = cols.reduce((s, c) => s + c.min, 0)
  const target = Math.max(targetIn, sumMin)
  let pctGuess = 0
  let specifiedGuess = 0
  let maxGuess = 0
  for (const c of cols) {
    const kind = kindOf(c)
    pctGuess += kind === 'pct' ? pctWidth(c, target) : c.min
    specifiedGuess += kind === 'pct' ? pctWidth(c, target) : kind === 'fixed' ? c.max : c.min
    maxGuess += kind === 'pct' ? pctWidth(c, target) : c.max
  }
  // Between two guesses, the columns of `grows` go from their size in the lower guess towards their size in
  // the upper one, in proportion to the growth.
  const between = (grows: Kind, lower: number, upper: (c: DistColumn) => number): number[] => {
    const members = cols.filter((c) => kindOf(c) === grows)
    const growth = members.reduce((s, c) => s + upper(c) - c.min, 0)
    const room = target - lower
    return cols.map((c) => {
      const kind = kindOf(c)
      if (kind === grows) return c.min + (growth > 0 ? (room * (upper(c) - c.min)) / growth : room / members.length)
      // Kinds grown by an earlier guess are at their upper size, later ones at their min.
      if (kind === 'pct') return grows === 'pct' ? c.min : pctWidth(c, target)
      if (kind === 'fixed') return grows === 'auto' ? c.max : c.min
      return c.min
    })
  }
  if (target <= sumMin) return cols.map((c) => c.min)
  if (target <= pctGuess) return between('pct', sumMin, (c) => pctWidth(c, target))
  if (target <= specifiedGuess) return between('fixed', pctGuess, (c) => c.max)
  if (target <= maxGuess) return between('auto', specifiedGuess, (c) => c.max)

  const extra = target - maxGuess
  const sizes = cols.map((c) => (kindOf(c) === 'pct' ? pctWidth(c, target) : c.max))
  const grow = (['auto', 'fixed', 'pct'] as const).find((k) => cols.some((c) => kindOf(c) === k))
  if (!grow) return sizes
  const members = cols.map((c, i) => (kindOf(c) === grow ? i : -1)).filter((i) => i >= 0)
  const weight = (i: number) => (grow === 'pct' ? cols[i].pct : cols[i].max)
  const total = members.reduce((s, i) => s + weight(i), 0)
  for (const i of members) sizes[i] += total > 0 ? (extra * weight(i)) / total : extra / members.length
  return sizes
}
