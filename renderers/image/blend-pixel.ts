// The one anti-aliased blend every direct fill uses: a colour mixed into an opaque pixel by its coverage.

/**
 * Mixes (r, g, b) into the RGBA pixel at byte offset p by k (0–1: coverage times alpha). Alpha is left as it
 * is: the canvas is opaque before anything is drawn on it.
 */
export function blendPixel(pixels: Uint8Array, p: number, r: number, g: number, b: number, k: number): void {
  // + 0.5: the byte store truncates, so this rounds.
  pixels[p] += (r - pixels[p]) * k + 0.5
  pixels[p + 1] += (g - pixels[p + 1]) * k + 0.5
  pixels[p + 2] += (b - pixels[p + 2]) * k + 0.5
}
