// Pixel comparisons of two screen renders, as WPT's reftest harness makes them (wptrunner's get_differences):
// the largest difference of one colour channel anywhere, and how many pixels differ at all. Alpha is not
// compared: the canvas of a screen render is opaque.

export interface PixelDifference {
  /** Largest |a − b| of one channel (R, G or B) over all pixels, 0..255. */
  maxDifference: number
  /** Pixels where any channel differs. */
  pixels: number
}

/** `a` and `b`: RGBA pixels of images of the same size. */
export function pixelDifference(a: Uint8Array, b: Uint8Array): PixelDifference {
  if (a.length !== b.length) throw new Error(`images differ in size (${a.length} and ${b.length} bytes)`)
  let maxDifference = 0
  let pixels = 0
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]))
    if (d === 0) continue
    pixels++
    if (d > maxDifference) maxDifference = d
  }
  return { maxDifference, pixels }
}

/** Every pixel has the first pixel's colour (RGB). */
export function isOneColour(rgba: Uint8Array): boolean {
  const [r, g, b] = [rgba[0], rgba[1], rgba[2]]
  for (let i = 4; i < rgba.length; i += 4) {
    if (rgba[i] !== r || rgba[i + 1] !== g || rgba[i + 2] !== b) return false
  }
  return true
}
