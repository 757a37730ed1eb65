// CSS px (1/96 in) to the units WordprocessingML counts in.
import type { Color } from '../document/styled-tree.js'

/** Twentieths of a point: 1px = 0.75pt = 15 twips. */
export const twips = (px: number): number => Math.round(px * 15)
/** Half-points (run font size). */
export const halfPoints = (px: number): number => Math.max(1, Math.round(px * 1.5))
/** Eighths of a point (border width); Word accepts 2..96. */
export const eighthPoints = (px: number): number => Math.min(96, Math.max(2, Math.round(px * 6)))

/** RRGGBB, with alpha blended onto white (Word has no transparency). */
export function hex(color: Color): string {
  const blend = (c: number) => Math.round(c * color.a + 255 * (1 - color.a))
  return [color.r, color.g, color.b].map((c) => blend(c).toString(16).padStart(2, '0')).join('').toUpperCase()
}

export function isVisible(color: Color | null): color is Color {
  return color !== null && color.a > 0
}
