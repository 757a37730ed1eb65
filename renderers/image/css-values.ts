// Styled-tree values written back as CSS text that satori parses. Lengths stay `px + %` (calc when both),
// because only satori's layout knows the containing block.
import type { Color, Dim, DimAuto, DimNone } from '../document/styled-tree.js'

const round = (n: number): number => Math.round(n * 1000) / 1000

/** A Dim as a satori length: a plain number (px), a percentage, or calc() mixing both. */
export function cssDim(d: Dim): number | string {
  if (d.pct === 0) return round(d.px)
  if (d.px === 0) return `${round(d.pct)}%`
  return `calc(${round(d.pct)}% + ${round(d.px)}px)`
}

export function cssDimAuto(d: DimAuto): number | string {
  return d === 'auto' ? 'auto' : cssDim(d)
}

export function cssDimNone(d: DimNone): number | string | undefined {
  return d === 'none' ? undefined : cssDim(d)
}

export function cssColor(c: Color): string {
  if (c.a >= 1) return `rgb(${c.r},${c.g},${c.b})`
  return `rgba(${c.r},${c.g},${c.b},${round(c.a)})`
}

export function isTransparent(c: Color | null): boolean {
  return !c || c.a <= 0
}
