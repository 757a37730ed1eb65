// Fragment tree → flat list of paint operations in CSS painting order (CSS 2 Appendix E, simplified): a box
// paints before its content, positioned boxes after the normal flow sorted by z-index (negative ones first),
// overflow clips and opacity wrap their subtree. Each operation knows its vertical extent, so a page paints
// only what falls in its slice.
import type { BoxFrag, EdgeFrag, Frag, LinkFrag, SymbolFrag, TextFrag } from './fragments.js'
import { len } from './box-edges.js'
import type { TransformOp } from '../document/styled-tree.js'

export type Matrix = [number, number, number, number, number, number]

export type PaintOp =
  | { kind: 'box'; frag: BoxFrag; top: number; bottom: number }
  | { kind: 'text'; frag: TextFrag; top: number; bottom: number }
  | { kind: 'edge'; frag: EdgeFrag; top: number; bottom: number }
  | { kind: 'symbol'; frag: SymbolFrag; top: number; bottom: number }
  | { kind: 'link'; frag: LinkFrag; top: number; bottom: number }
  | { kind: 'clip'; x: number; y: number; w: number; h: number; radii: [number, number, number, number]; top: number; bottom: number }
  | { kind: 'opacity'; value: number; top: number; bottom: number }
  /** A 2D transform [a b c d e f] in document coordinates (origin included) for what follows until its restore. */
  | { kind: 'transform'; m: Matrix; top: number; bottom: number }
  | { kind: 'restore'; top: number; bottom: number }

const ALWAYS = { top: -Infinity, bottom: Infinity }

export function displayList(root: BoxFrag): PaintOp[] {
  const ops: PaintOp[] = []
  stackingContext(root, ops)
  return ops
}

function zOf(frag: BoxFrag): number {
  return typeof frag.style.zIndex === 'number' ? frag.style.zIndex : 0
}

function stackingContext(root: BoxFrag, ops: PaintOp[]): void {
  const positioned: BoxFrag[] = []
  const flow: PaintOp[] = []
  const opacity = root.style.opacity
  if (opacity <= 0) return
  if (opacity < 1) ops.push({ kind: 'opacity', value: opacity, ...ALWAYS })
  const transformed = openTransform(root, ops)
  const rectClipped = openClipRect(root, ops)
  ops.push(boxOp(root))
  const clipped = openClip(root, flow)
  walkScope(root, flow, positioned)
  if (clipped) flow.push({ kind: 'restore', ...ALWAYS })
  const ordered = layerOrder(positioned)
  for (const p of ordered) if (p.z < 0) stackingContext(p.frag, ops)
  // Not ops.push(...flow): spread arguments live on the stack, and a 500-page table has more ops than fit.
  for (const op of flow) ops.push(op)
  for (const p of ordered) if (p.z >= 0) stackingContext(p.frag, ops)
  if (rectClipped) ops.push({ kind: 'restore', ...ALWAYS })
  if (transformed) ops.push({ kind: 'restore', ...ALWAYS })
  if (opacity < 1) ops.push({ kind: 'restore', ...ALWAYS })
}

/**
 * Same z-index: in tree order (CSS 2 Appendix E), which is not the order of the fragments, since absolute
 * boxes are added to their containing block's after its flow; a box without an element follows the one before it.
 */
function layerOrder(positioned: BoxFrag[]): Array<{ frag: BoxFrag; z: number }> {
  let key = -1
  return positioned.map((frag, i) => {
    key = frag.el?.order ?? key + 1e-6
    return { frag, z: zOf(frag), i, key }
  }).sort((a, b) => a.z - b.z || a.key - b.key || a.i - b.i)
}

const multiply = (p: Matrix, q: Matrix): Matrix => [
  p[0] * q[0] + p[2] * q[1], p[1] * q[0] + p[3] * q[1],
  p[0] * q[2] + p[2] * q[3], p[1] * q[2] + p[3] * q[3],
  p[0] * q[4] + p[2] * q[5] + p[4], p[1] * q[4] + p[3] * q[5] + p[5],
]

/** The box's transform about its origin, as one matrix (translate → rotate → scale → transform); null when it has none. */
export function transformMatrix(frag: BoxFrag): Matrix | null {
  const s = frag.style
  if (!s.transform && !s.translate && !s.rotate && !s.scale) return null
  const t: TransformOp[] = []
  if (s.translate) t.push(s.translate)
  if (s.rotate) t.push(s.rotate)
  if (s.scale) t.push(s.scale)
  if (s.transform) t.push(...s.transform)
  const [ox, oy] = frag.style.transformOrigin
  const x = frag.x + len(ox, frag.w)
  const y = frag.y + len(oy, frag.h)
  let m: Matrix = [1, 0, 0, 1, x, y]
  for (const op of t) m = multiply(m, op.k === 'matrix' ? op.m : [1, 0, 0, 1, len(op.x, frag.w), len(op.y, frag.h)])
  return multiply(m, [1, 0, 0, 1, -x, -y])
}

function openTransform(frag: BoxFrag, ops: PaintOp[]): boolean {
  const m = transformMatrix(frag)
  if (!m) return false
  ops.push({ kind: 'transform', m, ...ALWAYS })
  return true
}

function boxOp(frag: BoxFrag): PaintOp {
  return { kind: 'box', frag, top: frag.y, bottom: frag.y + frag.h }
}

/**
 * `clip: rect()` of an absolutely positioned box (CSS 2 §11.1.2): the box and all it contains cut to the
 * rectangle, its offsets from the border box's top-left corner, an auto side that edge of the border box.
 */
function openClipRect(frag: BoxFrag, ops: PaintOp[]): boolean {
  const r = frag.style.clipRect
  if (!r || (frag.style.position !== 'absolute' && frag.style.position !== 'fixed')) return false
  const [top, right, bottom, left] = r.map((v, i) => (v !== 'auto' ? v : i === 1 ? frag.w : i === 2 ? frag.h : 0))
  ops.push({ kind: 'clip', x: frag.x + left, y: frag.y + top, w: Math.max(0, right - left), h: Math.max(0, bottom - top), radii: [0, 0, 0, 0], ...ALWAYS })
  return true
}

/** How far a column's clip reaches sideways: columns clip only in the block direction. */
const SIDEWAYS = 1e5

function openClip(frag: BoxFrag, ops: PaintOp[]): boolean {
  const column = frag.columnClip
  if (column) {
    ops.push({ kind: 'clip', x: frag.x - SIDEWAYS, y: column.top, w: frag.w + 2 * SIDEWAYS, h: column.bottom - column.top, radii: [0, 0, 0, 0], ...ALWAYS })
    return true
  }
  if (frag.style.overflow === 'visible') return false
  const s = frag.style
  const bl = s.borderLeft.style === 'none' ? 0 : s.borderLeft.width
  const bt = s.borderTop.style === 'none' ? 0 : s.borderTop.width
  const br = s.borderRight.style === 'none' ? 0 : s.borderRight.width
  const bb = s.borderBottom.style === 'none' ? 0 : s.borderBottom.width
  ops.push({ kind: 'clip', x: frag.x + bl, y: frag.y + bt, w: frag.w - bl - br, h: frag.h - bt - bb, radii: s.borderRadius, ...ALWAYS })
  return true
}

/** A float met in a scope, with where its place in tree order falls among the scope's operations. */
interface PendingFloat { frag: BoxFrag; at: number }

/** Boxes painted after a float that are looked at for overlapping it; past that the float paints last. */
const OVERLAP_SCAN = 2000

/**
 * A box's content, then the floats in it: in-flow blocks paint their backgrounds before the floats beside
 * them (CSS 2 Appendix E, step 4 after step 3), and each float paints whole, its own floats within it. A box
 * that clips, fades or transforms its content keeps its floats inside that. A float that no later box in the
 * scope overlaps paints where it is in the tree, which looks the same and keeps the PDF's text in document order.
 */
function walkScope(frag: BoxFrag, ops: PaintOp[], positioned: BoxFrag[]): void {
  const floats: PendingFloat[] = []
  const local: PaintOp[] = []
  walkChildren(frag, local, positioned, floats)
  if (floats.length === 0) { for (const op of local) ops.push(op); return }
  let next = 0
  const last: BoxFrag[] = []
  for (const f of floats) {
    for (; next < f.at; next++) ops.push(local[next])
    if (overlappedLater(f, local)) last.push(f.frag)
    else paintBox(f.frag, ops, positioned, null)
  }
  for (; next < local.length; next++) ops.push(local[next])
  for (const f of last) paintBox(f, ops, positioned, null)
}

/** Whether a box painted after the float's place draws over it (its rectangle overlaps the float's). */
function overlappedLater(f: PendingFloat, ops: PaintOp[]): boolean {
  const a = f.frag
  const end = Math.min(ops.length, f.at + OVERLAP_SCAN)
  if (ops.length - f.at > OVERLAP_SCAN) return true
  for (let k = f.at; k < end; k++) {
    const op = ops[k]
    if (op.kind !== 'box') continue
    const b = op.frag
    if (b.x < a.x + a.w && b.x + b.w > a.x && b.y < a.y + a.h && b.y + b.h > a.y) return true
  }
  return false
}

function walkChildren(frag: BoxFrag, ops: PaintOp[], positioned: BoxFrag[], floats: PendingFloat[]): void {
  const marker = frag.marker
  if (marker?.kind === 'text') ops.push({ kind: 'text', frag: marker, top: marker.y, bottom: marker.y + marker.h })
  else if (marker) ops.push({ kind: 'symbol', frag: marker, top: marker.y, bottom: marker.y + marker.h })
  if (frag.style.borderCollapse === 'collapse' && frag.style.display.endsWith('table')) walkCollapsedTable(frag, ops, positioned, floats)
  else for (const child of frag.children) walk(child, ops, positioned, floats)
}

/** A row or cell whose background paints apart from its content: in the flow, opaque, untransformed, unclipped. */
function plainPart(frag: Frag): frag is BoxFrag {
  return frag.kind === 'box' && !frag.positioned && frag.style.float === 'none' && frag.style.opacity >= 1 &&
    frag.style.overflow === 'visible' && !frag.columnClip && transformMatrix(frag) === null
}

/**
 * A collapsed-border table: the rows' and cells' backgrounds, then the collapsed borders, then what the cells
 * hold — the borders paint in the table's background phase (CSS 2 Appendix E; Chromium's table painter), so a
 * cell's content draws over them. A cell that fades, clips or transforms paints whole after the borders.
 */
function walkCollapsedTable(table: BoxFrag, ops: PaintOp[], positioned: BoxFrag[], floats: PendingFloat[]): void {
  for (const child of table.children) if (plainPart(child)) ops.push(boxOp(child))
  for (const child of table.children) if (child.kind === 'edge') walk(child, ops, positioned, floats)
  for (const child of table.children) {
    if (child.kind === 'edge') continue
    if (plainPart(child)) walkChildren(child, ops, positioned, floats)
    else walk(child, ops, positioned, floats)
  }
}

function walk(frag: Frag, ops: PaintOp[], positioned: BoxFrag[], floats: PendingFloat[]): void {
  switch (frag.kind) {
    case 'text':
      ops.push({ kind: 'text', frag, top: frag.y, bottom: frag.y + frag.h })
      return
    case 'edge':
      ops.push({ kind: 'edge', frag, top: Math.min(frag.y1, frag.y2) - frag.width / 2, bottom: Math.max(frag.y1, frag.y2) + frag.width / 2 })
      return
    case 'link':
      ops.push({ kind: 'link', frag, top: frag.y, bottom: frag.y + frag.h })
      return
    case 'box': {
      if (frag.positioned) { positioned.push(frag); return }
      if (frag.style.float !== 'none') { floats.push({ frag, at: ops.length }); return }
      paintBox(frag, ops, positioned, floats)
    }
  }
}

/** A box and its content; `floats` null paints its floats within it (a float, or a box that clips, fades or transforms). */
function paintBox(frag: BoxFrag, ops: PaintOp[], positioned: BoxFrag[], floats: PendingFloat[] | null): void {
  const opacity = frag.style.opacity
  if (opacity <= 0) return
  if (opacity < 1) ops.push({ kind: 'opacity', value: opacity, ...ALWAYS })
  const transformed = openTransform(frag, ops)
  ops.push(boxOp(frag))
  const clipped = openClip(frag, ops)
  if (frag.columnClip) {
    // A column's positioned boxes are its slice of them too: they paint within its clip, after its flow.
    const own: BoxFrag[] = []
    walkScope(frag, ops, own)
    for (const p of layerOrder(own)) stackingContext(p.frag, ops)
  } else if (floats && !clipped && !transformed && opacity >= 1) walkChildren(frag, ops, positioned, floats)
  else walkScope(frag, ops, positioned)
  if (clipped) ops.push({ kind: 'restore', ...ALWAYS })
  if (transformed) ops.push({ kind: 'restore', ...ALWAYS })
  if (opacity < 1) ops.push({ kind: 'restore', ...ALWAYS })
}
