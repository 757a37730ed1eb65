// Number, colour and path formatting shared by the SVG painters.
import type { Color } from '../document/styled-tree.js'
import { fitRadii, type Radii } from '../layout/fit-radii.js'

/** A coordinate with at most `digits` decimals (2 is a hundredth of a CSS px: below what anti-aliasing shows). */
export function num(v: number, digits = 2): string {
  const k = 10 ** digits
  const r = Math.round(v * k) / k
  return Object.is(r, -0) ? '0' : String(r)
}

export function rgbCss(c: Color): string {
  return `rgb(${c.r},${c.g},${c.b})`
}

/** ` fill="…"` plus ` fill-opacity="…"` when translucent. */
export function fillAttrs(c: Color, alpha = c.a): string {
  return alpha < 1 ? ` fill="${rgbCss(c)}" fill-opacity="${num(alpha, 3)}"` : ` fill="${rgbCss(c)}"`
}

export function strokeAttrs(c: Color, width: number): string {
  return ` fill="none" stroke="${rgbCss(c)}" stroke-width="${num(width)}"${c.a < 1 ? ` stroke-opacity="${num(c.a, 3)}"` : ''}`
}

const K = 0.5522847498

/** Path data of a (rounded) rectangle; radii are scaled down as CSS says when they would overlap. */
export function rectD(x: number, y: number, w: number, h: number, radii: Radii): string {
  const [tl, tr, br, bl] = fitRadii(w, h, radii)
  if (!tl && !tr && !br && !bl) return `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}Z`
  const c = (x1: number, y1: number, x2: number, y2: number, x3: number, y3: number) =>
    `C${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x3)} ${num(y3)}`
  let d = `M${num(x + tl)} ${num(y)}L${num(x + w - tr)} ${num(y)}`
  if (tr) d += c(x + w - tr + tr * K, y, x + w, y + tr - tr * K, x + w, y + tr)
  d += `L${num(x + w)} ${num(y + h - br)}`
  if (br) d += c(x + w, y + h - br + br * K, x + w - br + br * K, y + h, x + w - br, y + h)
  d += `L${num(x + bl)} ${num(y + h)}`
  if (bl) d += c(x + bl - bl * K, y + h, x, y + h - bl + bl * K, x, y + h - bl)
  d += `L${num(x)} ${num(y + tl)}`
  if (tl) d += c(x, y + tl - tl * K, x + tl - tl * K, y, x + tl, y)
  return d + 'Z'
}

export function polygonD(points: number[][]): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${num(x)} ${num(y)}`).join('') + 'Z'
}

/** Escapes text for an attribute value. */
export function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}
