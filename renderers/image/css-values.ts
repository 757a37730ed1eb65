// A styled-tree colour written as CSS text, for resvg's background option.
import type { Color } from '../document/styled-tree.js'

const round = (n: number): number => Math.round(n * 1000) / 1000

export function cssColor(c: Color): string {
  if (c.a >= 1) return `rgb(${c.r},${c.g},${c.b})`
  return `rgba(${c.r},${c.g},${c.b},${round(c.a)})`
}
