// Resolving lengths and box edges (margin, border, padding) against a containing block, in CSS px.
import type { BorderSide, ComputedStyle, Dim, DimAuto, DimNone } from '../document/styled-tree.js'

export interface Edges { top: number; right: number; bottom: number; left: number }

export function len(d: Dim, ref: number): number {
  return d.pct ? d.px + (d.pct * ref) / 100 : d.px
}

/** A length that may be auto; a percentage of an unknown (null) reference counts as auto, as CSS says for heights. */
export function lenOrAuto(d: DimAuto, ref: number | null): number | null {
  if (d === 'auto') return null
  if (ref === null && hasPercentage(d)) return null
  return len(d, ref ?? 0)
}

export function lenOrNone(d: DimNone, ref: number | null): number | null {
  if (d === 'none') return null
  if (ref === null && hasPercentage(d)) return null
  return len(d, ref ?? 0)
}

/**
 * Whether a length refers to its percentage basis: a calc() whose percentages cancel out (`10% - 20% / 2`) still
 * does (CSS Values 4 §10.7: its type keeps the percentage), so against an unknown basis it is auto / none too.
 */
export function hasPercentage(d: Dim): boolean {
  return d.pct !== 0 || d.pctTerm === true
}

export function borderWidth(side: BorderSide): number {
  return side.style === 'none' || side.style === 'hidden' ? 0 : side.width
}

export function borders(style: ComputedStyle): Edges {
  return {
    top: borderWidth(style.borderTop), right: borderWidth(style.borderRight),
    bottom: borderWidth(style.borderBottom), left: borderWidth(style.borderLeft),
  }
}

/** Padding percentages refer to the containing block's width, on every side. */
export function paddings(style: ComputedStyle, cbWidth: number): Edges {
  return {
    top: Math.max(0, len(style.paddingTop, cbWidth)), right: Math.max(0, len(style.paddingRight, cbWidth)),
    bottom: Math.max(0, len(style.paddingBottom, cbWidth)), left: Math.max(0, len(style.paddingLeft, cbWidth)),
  }
}

/** Margins with auto as 0 (for the vertical direction and wherever auto has no meaning). */
export function margins(style: ComputedStyle, cbWidth: number): Edges {
  return {
    top: marginOf(style.marginTop, cbWidth), right: marginOf(style.marginRight, cbWidth),
    bottom: marginOf(style.marginBottom, cbWidth), left: marginOf(style.marginLeft, cbWidth),
  }
}

/** One margin with auto as 0 (a module function: a closure made on every margins() call was a per-box cost). */
export function marginOf(d: DimAuto, cbWidth: number): number {
  return d === 'auto' ? 0 : len(d, cbWidth)
}
