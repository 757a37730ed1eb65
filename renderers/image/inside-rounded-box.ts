// Where a rectangle lies against a box, a device pixel clear of its edges: wholly inside a rounded box (every
// pixel it touches is then inside, where a clip that cuts the box out leaves nothing), or wholly outside one
// (where that clip leaves everything).
import type { Radii } from '../layout/fit-radii.js'

export interface RoundedBox { x0: number; y0: number; x1: number; y1: number; radii: Radii }

export function insideRoundedBox(r: { x: number; y: number; w: number; h: number }, box: RoundedBox, scale: number): boolean {
  const m = Math.max(1, 1 / scale)
  const [tl, tr, br, bl] = box.radii
  const x0 = r.x - m, y0 = r.y - m, x1 = r.x + r.w + m, y1 = r.y + r.h + m
  if (x0 < box.x0 || y0 < box.y0 || x1 > box.x1 || y1 > box.y1) return false
  // The corners' curves stay within their radii (unfitted radii are never smaller than fitted ones): clear
  // of every corner square, or within the cross the straight edges bound.
  const clearX = x0 >= box.x0 + Math.max(tl, bl) && x1 <= box.x1 - Math.max(tr, br)
  const clearY = y0 >= box.y0 + Math.max(tl, tr) && y1 <= box.y1 - Math.max(bl, br)
  return clearX || clearY
}

/** Whether a rectangle lies a device pixel clear of a box (every pixel it touches is outside it). */
export function clearOf(r: { x: number; y: number; w: number; h: number }, box: { x0: number; y0: number; x1: number; y1: number }, scale: number): boolean {
  const m = Math.max(1, 1 / scale)
  return r.x + r.w + m <= box.x0 || r.x - m >= box.x1 || r.y + r.h + m <= box.y0 || r.y - m >= box.y1
}
