// A shadow piece that reaches into its box, cut where the box's edges cross it: the parts clear of the box
// need no clip and the parts inside it draw nothing, so only a strip two device pixels wide along each edge
// is left in a clip group. resvg draws every clip group as a layer and a mask the size of its content;
// html-resume-template's two large shadows had sixteen such groups, most of them over the box's straight
// sides. Only solid and gradient pieces are cut (their fill is in user space, so a part is painted as the
// whole was) and only at whole device pixels (no edge between two parts is anti-aliased).
import { clearOf, insideRoundedBox, type RoundedBox } from './inside-rounded-box.js'
import type { ShadowPiece } from './shadow-blur.js'

export interface PieceRect { x: number; y: number; w: number; h: number }

export interface PieceCuts {
  /** Parts to draw without a clip. */
  clear: PieceRect[]
  /** Parts that need the clip that cuts the box out. */
  clipped: PieceRect[]
}

export function cutPiece(piece: ShadowPiece, hole: RoundedBox, scale: number): PieceCuts {
  const whole = { x: piece.x, y: piece.y, w: piece.w, h: piece.h }
  if (insideRoundedBox(whole, hole, scale)) return { clear: [], clipped: [] }
  if (clearOf(whole, hole, scale)) return { clear: [whole], clipped: [] }
  if (piece.kind === 'pixels') return { clear: [], clipped: [whole] }
  const m = Math.max(1, 1 / scale)
  const xs = cuts(piece.x, piece.x + piece.w, [hole.x0 - m, hole.x0 + m, hole.x1 - m, hole.x1 + m], scale)
  const ys = cuts(piece.y, piece.y + piece.h, [hole.y0 - m, hole.y0 + m, hole.y1 - m, hole.y1 + m], scale)
  if (xs.length === 2 && ys.length === 2) return { clear: [], clipped: [whole] }
  const out: PieceCuts = { clear: [], clipped: [] }
  for (let i = 0; i + 1 < ys.length; i++) {
    for (let j = 0; j + 1 < xs.length; j++) {
      const part = { x: xs[j], y: ys[i], w: xs[j + 1] - xs[j], h: ys[i + 1] - ys[i] }
      if (insideRoundedBox(part, hole, scale)) continue
      if (clearOf(part, hole, scale)) out.clear.push(part)
      else out.clipped.push(part)
    }
  }
  return out
}

/** [from, …the cuts strictly between at whole device pixels…, to]. */
function cuts(from: number, to: number, at: number[], scale: number): number[] {
  const inner = at.filter((c) => c > from && c < to && Number.isInteger(c * scale)).sort((a, b) => a - b)
  return [from, ...new Set(inner), to]
}
