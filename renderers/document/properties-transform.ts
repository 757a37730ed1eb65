// 2D transforms (CSS Transforms 1): `transform` as a list of functions, kept apart only where the box size
// is needed (translate with percentages); every other function is a matrix already. `transform-origin`
// as a pair of lengths/percentages. 3D functions that stay flat (translateZ, rotateZ, scale3d with z = 1)
// are read as their 2D part; the rest make the declaration invalid, as in a browser without 3D.
import type { Dim, TransformOp } from './styled-tree.js'
import type { Tok } from './css-tokens.js'
import type { ApplyContext, PropertyDef } from './property-def.js'
import { copyField } from './property-def.js'
import { toDim } from './parse-length.js'

function angle(t: Tok | undefined): number | null {
  if (!t || t.t !== 'num') return null
  switch (t.unit) {
    case 'deg': return (t.n * Math.PI) / 180
    case 'rad': return t.n
    case 'grad': return (t.n * Math.PI) / 200
    case 'turn': return t.n * 2 * Math.PI
    case '': return t.n === 0 ? 0 : null
    default: return null
  }
}

const num = (t: Tok | undefined): number | null => (t && t.t === 'num' && t.unit === '' ? t.n : t && t.t === 'num' && t.unit === '%' ? t.n / 100 : null)

function args(toks: Tok[]): Tok[] {
  return toks.filter((t) => !(t.t === 'op' && t.v === ','))
}

function fn(t: Tok, c: ApplyContext): TransformOp | null {
  if (t.t !== 'fn') return null
  const a = args(t.args)
  const len = (x: Tok | undefined): Dim | null => (x ? toDim(x, c) : null)
  switch (t.name) {
    case 'translate': case 'translatex': case 'translatey': case 'translate3d': {
      const x = t.name === 'translatey' ? { px: 0, pct: 0 } : len(a[0])
      const y = t.name === 'translatex' ? { px: 0, pct: 0 } : t.name === 'translatey' ? len(a[0]) : a[1] ? len(a[1]) : { px: 0, pct: 0 }
      if (!x || !y || (t.name === 'translate3d' && a.length !== 3)) return null
      return { k: 'translate', x, y }
    }
    case 'translatez': return { k: 'matrix', m: [1, 0, 0, 1, 0, 0] }
    case 'scale': case 'scalex': case 'scaley': case 'scale3d': {
      const sx = t.name === 'scaley' ? 1 : num(a[0])
      const sy = t.name === 'scalex' ? 1 : t.name === 'scaley' ? num(a[0]) : a[1] ? num(a[1]) : sx
      if (sx === null || sy === null) return null
      return { k: 'matrix', m: [sx, 0, 0, sy, 0, 0] }
    }
    case 'rotate': case 'rotatez': {
      const r = angle(a[0])
      if (r === null || a.length !== 1) return null
      return { k: 'matrix', m: [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0] }
    }
    case 'skew': case 'skewx': case 'skewy': {
      const ax = t.name === 'skewy' ? 0 : angle(a[0])
      const ay = t.name === 'skewx' ? 0 : t.name === 'skewy' ? angle(a[0]) : a[1] ? angle(a[1]) : 0
      if (ax === null || ay === null) return null
      return { k: 'matrix', m: [1, Math.tan(ay), Math.tan(ax), 1, 0, 0] }
    }
    case 'matrix': {
      const m = a.map((x) => (x.t === 'num' && x.unit === '' ? x.n : NaN))
      if (m.length !== 6 || m.some(Number.isNaN)) return null
      return { k: 'matrix', m: m as [number, number, number, number, number, number] }
    }
    default: return null
  }
}

const transform: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none') { c.style.transform = null; return true }
    const ops: TransformOp[] = []
    for (const t of toks) {
      const op = fn(t, c)
      if (!op) return false
      ops.push(op)
    }
    if (ops.length === 0) return false
    c.style.transform = ops
    return true
  },
  inherit: copyField('transform'),
}

const ORIGIN_X: Record<string, number> = { left: 0, center: 50, right: 100 }
const ORIGIN_Y: Record<string, number> = { top: 0, center: 50, bottom: 100 }

const transformOrigin: PropertyDef = {
  inherited: false,
  initial: '50% 50%',
  apply(toks, c) {
    if (toks.length < 1 || toks.length > 3) return false
    let x: Dim | null = null
    let y: Dim | null = null
    const rest: Tok[] = []
    for (const t of toks.slice(0, 2)) {
      if (t.t === 'ident' && t.v in ORIGIN_Y && t.v !== 'center' && y === null) y = { px: 0, pct: ORIGIN_Y[t.v] }
      else if (t.t === 'ident' && t.v in ORIGIN_X && t.v !== 'center' && x === null) x = { px: 0, pct: ORIGIN_X[t.v] }
      else rest.push(t)
    }
    for (const t of rest) {
      const d = t.t === 'ident' && t.v === 'center' ? { px: 0, pct: 50 } : toDim(t, c)
      if (!d) return false
      if (x === null) x = d
      else if (y === null) y = d
      else return false
    }
    c.style.transformOrigin = [x ?? { px: 0, pct: 50 }, y ?? { px: 0, pct: 50 }]
    return true
  },
  inherit: copyField('transformOrigin'),
}

// Individual transform properties (CSS Transforms 2), applied before `transform` in the order translate →
// rotate → scale (renderers/layout/display-list.ts transformMatrix). Their third (z) components count only
// when they leave the box flat: a z translation is dropped, scale's z ignored, rotation about another axis
// than z is invalid (the cascade warns of an invalid value), as with the 3D transform functions above.
const isNone = (toks: Tok[]): boolean => toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none'

const translate: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    if (isNone(toks)) { c.style.translate = null; return true }
    if (toks.length < 1 || toks.length > 3) return false
    const x = toDim(toks[0], c)
    const y = toks[1] ? toDim(toks[1], c) : { px: 0, pct: 0 }
    // The z part is a length only (no percentage).
    if (!x || !y || (toks[2] && (toks[2].t !== 'num' || toks[2].unit === '%' || !toDim(toks[2], c)))) return false
    c.style.translate = { k: 'translate', x, y }
    return true
  },
  inherit: copyField('translate'),
}

const rotate: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    if (isNone(toks)) { c.style.rotate = null; return true }
    // The angle comes before or after the axis (a unitless 0 there is an axis component, not an angle).
    const first = toks.length > 1 && toks[0].t === 'num' && toks[0].unit !== '' ? angle(toks[0]) : null
    const r = first ?? angle(toks[toks.length - 1])
    if (r === null) return false
    const axis = first !== null ? toks.slice(1) : toks.slice(0, -1)
    if (axis.length === 0 || (axis.length === 1 && axis[0].t === 'ident' && axis[0].v === 'z')) return applyRotation(c, r)
    // A vector [0 0 z] is the z axis (a negative z turns the other way); any other axis is 3D.
    if (axis.length !== 3) return false
    const [ax, ay, az] = axis.map((t) => (t.t === 'num' && t.unit === '' ? t.n : NaN))
    if (ax !== 0 || ay !== 0 || !(az !== 0) || Number.isNaN(az)) return false
    return applyRotation(c, az < 0 ? -r : r)
  },
  inherit: copyField('rotate'),
}

function applyRotation(c: ApplyContext, r: number): boolean {
  c.style.rotate = { k: 'matrix', m: [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0] }
  return true
}

const scale: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    if (isNone(toks)) { c.style.scale = null; return true }
    if (toks.length < 1 || toks.length > 3) return false
    const v = toks.map(num)
    if (v.some((n) => n === null)) return false
    const sx = v[0]!
    const sy = v.length > 1 ? v[1]! : sx
    c.style.scale = { k: 'matrix', m: [sx, 0, 0, sy, 0, 0] }
    return true
  },
  inherit: copyField('scale'),
}

export const TRANSFORM_PROPERTIES: Record<string, PropertyDef> = {
  transform,
  'transform-origin': transformOrigin,
  translate,
  rotate,
  scale,
}
