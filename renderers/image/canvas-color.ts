import type { Color } from '../document/styled-tree.js'

/** A translucent canvas colour over Chromium's white base, made opaque. */
export function opaqueOnWhite(c: Color): Color {
  const mix = (v: number) => Math.round(v * c.a + 255 * (1 - c.a))
  return { r: mix(c.r), g: mix(c.g), b: mix(c.b), a: 1 }
}
