// inset/outset/groove/ridge borders: the darker colour on the top-left or bottom-right, as Blink's
// Color::Dark() computes it. Shared by the PDF and SVG painters.
import type { BorderSide, Color } from '../document/styled-tree.js'

export function borderShade(side: BorderSide, name: string): Color {
  const st = side.style
  if (st !== 'inset' && st !== 'outset' && st !== 'groove' && st !== 'ridge') return side.color
  const darkSide = st === 'inset' || st === 'groove' ? name === 'top' || name === 'left' : name === 'bottom' || name === 'right'
  if (!darkSide) return side.color
  const c = side.color
  const v = Math.max(c.r, c.g, c.b) / 255
  const k = v > 0 ? Math.max(0, (v - 0.33) / v) : 0
  return { r: Math.round(c.r * k), g: Math.round(c.g * k), b: Math.round(c.b * k), a: c.a }
}
