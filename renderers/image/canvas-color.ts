import type { Color } from '../document/styled-tree.js'
import { cssColor } from './css-values.js'

/** A translucent canvas colour over Chromium's white base, made opaque. */
export function opaqueOnWhite(c: Color): Color {
  const mix = (v: number) => Math.round(v * c.a + 255 * (1 - c.a))
  return { r: mix(c.r), g: mix(c.g), b: mix(c.b), a: 1 }
}

/** The same as a CSS colour, for resvg's background. */
export function blendOnWhite(c: Color): string {
  return cssColor(opaqueOnWhite(c))
}
