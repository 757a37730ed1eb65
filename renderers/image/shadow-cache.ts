// A worker's box-shadow pieces (shadow-blur.ts) kept between renders, and each corner cell's PNG per colour:
// blurring the corner cells and encoding them was 13 % of a shadowed résumé page's render (html-resume-template:
// two large Tailwind shadows), the same work on every render of the same template. Keyed by the shape's exact
// coordinates, so a hit returns what would have been computed, to the bit.
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import type { Radii } from '../layout/fit-radii.js'
import type { Color } from '../document/styled-tree.js'
import { encodePngRgba } from './encode-png-rgba.js'
import { shadowPieces, type Shape, type ShadowPiece } from './shadow-blur.js'

/** At most this many bytes of corner alphas and PNGs per worker. */
const MAX_BYTES = 4 * 2 ** 20

const pieces = new ByteBoundedCache<readonly ShadowPiece[] | null>(MAX_BYTES)
const pngs = new ByteBoundedCache<string>(MAX_BYTES)
/** A number for each cached pieces array, so that a corner's PNG is keyed by the piece it was made from. */
const ids = new WeakMap<ShadowPiece, number>()
let nextId = 0

/** shadowPieces(), remembered; the pieces are shared: never change them. */
export function cachedShadowPieces(shape: Shape, radii: Radii, sigma: number, scale: number): readonly ShadowPiece[] | null {
  const key = `${shape.x0},${shape.y0},${shape.x1},${shape.y1},${radii.join(',')},${sigma},${scale}`
  const hit = pieces.get(key)
  if (hit !== undefined) return hit
  const made = shadowPieces(shape, radii, sigma, scale)
  let bytes = 64
  for (const p of made ?? []) {
    bytes += p.kind === 'pixels' ? p.alpha.byteLength : p.kind === 'gradient' ? 16 * p.stops.length : 0
    ids.set(p, nextId++)
  }
  pieces.remember(key, made, bytes)
  return made
}

/** A corner cell in `color` as a base64 PNG (straight alpha, rounded as the SVG painter always has). */
export function cornerPngBase64(p: Extract<ShadowPiece, { kind: 'pixels' }>, color: Color): string {
  const id = ids.get(p)
  const key = id === undefined ? null : `${id},${color.r},${color.g},${color.b},${color.a}`
  const hit = key === null ? undefined : pngs.get(key)
  if (hit !== undefined) return hit
  const rgba = new Uint8Array(p.pw * p.ph * 4)
  for (let i = 0; i < p.alpha.length; i++) {
    rgba[4 * i] = color.r; rgba[4 * i + 1] = color.g; rgba[4 * i + 2] = color.b
    rgba[4 * i + 3] = Math.round(Math.min(1, p.alpha[i]) * color.a * 255)
  }
  const png = encodePngRgba(rgba, p.pw, p.ph).toString('base64')
  if (key !== null) pngs.remember(key, png, png.length)
  return png
}
