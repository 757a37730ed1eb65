// background-image/-position/-size/-repeat lists → BackgroundLayer[] (CSS order: the first layer is
// painted on top). Gradients are parsed here; repeating gradients fall back to their first cycle.
import type { BackgroundBox, BackgroundImage, BackgroundLayer, BackgroundRepeat, Dim, DimAuto, GradientStop } from './styled-tree.js'
import { splitCommas, tokensToText, type Tok } from './css-tokens.js'
import type { ApplyContext, Extras } from './property-def.js'
import type { Warn } from './parse-declaration.js'
import { parseColor } from './parse-color.js'
import { toDim } from './parse-length.js'

const CENTER: Dim = { px: 0, pct: 50 }
const START: Dim = { px: 0, pct: 0 }

export function resolveBackgroundLayers(e: Extras, c: ApplyContext, warn: Warn): BackgroundLayer[] {
  if (!e.bgImage) return []
  const images = splitCommas(e.bgImage)
  const positions = e.bgPosition ? splitCommas(e.bgPosition) : [[]]
  const sizes = e.bgSize ? splitCommas(e.bgSize) : [[]]
  const repeats = e.bgRepeat ? splitCommas(e.bgRepeat) : [[]]
  const origins = e.bgOrigin ? splitCommas(e.bgOrigin) : null
  const clips = e.bgClip ? splitCommas(e.bgClip) : null
  const out: BackgroundLayer[] = []
  images.forEach((img, i) => {
    if (img.length === 1 && img[0].t === 'ident' && img[0].v === 'none') return
    const image = parseImage(img, c, warn)
    if (!image) return
    const layer: BackgroundLayer = {
      image,
      position: parsePosition(positions[i % positions.length], c) ?? [START, START],
      size: parseSize(sizes[i % sizes.length], c),
      repeat: parseRepeat(repeats[i % repeats.length]),
    }
    const origin = origins && boxOf(origins[i % origins.length])
    const clip = clips && boxOf(clips[i % clips.length])
    if (origin && origin !== 'padding-box') layer.origin = origin
    if (clip && clip !== 'border-box') layer.clip = clip
    out.push(layer)
  })
  return out
}

/** One background-origin / -clip value; `text` (not drawn as a text clip) is the border box. */
function boxOf(toks: Tok[] | undefined): BackgroundBox | null {
  const t = toks?.[0]
  if (!t || t.t !== 'ident') return null
  return t.v === 'padding-box' || t.v === 'content-box' || t.v === 'border-box' ? t.v : t.v === 'text' ? 'border-box' : null
}

/** The background colour's clip: the bottom layer's background-clip (CSS Backgrounds 3 §3.10). */
export function colorClip(e: Extras): BackgroundBox | null {
  if (!e.bgClip) return null
  const clips = splitCommas(e.bgClip)
  const layers = e.bgImage ? splitCommas(e.bgImage).length : 1
  const clip = boxOf(clips[(layers - 1) % clips.length])
  return clip === 'border-box' ? null : clip
}

export function parseImage(toks: Tok[], c: ApplyContext, warn: Warn): BackgroundImage | null {
  const t = toks[0]
  if (toks.length === 1 && t.t === 'url') return t.v === '' ? null : { kind: 'url', url: t.v }
  if (toks.length === 1 && t.t === 'fn') {
    let name = t.name.replace(/^-(webkit|moz|o|ms)-/, '')
    const legacy = name !== t.name
    if (name.startsWith('repeating-')) {
      warn(`background "${t.name}()" drawn as a non-repeating gradient`)
      name = name.slice(10)
    }
    if (name === 'linear-gradient') { const g = linear(t.args, legacy, c); if (g) return g }
    else if (name === 'radial-gradient') { const g = radial(t.args, c); if (g) return g }
  }
  warn(`unsupported background image "${tokensToText(toks).slice(0, 80)}" ignored`)
  return null
}

const SIDE_ANGLE: Record<string, number> = { top: 0, right: 90, bottom: 180, left: 270 }

function linear(args: Tok[], legacy: boolean, c: ApplyContext): BackgroundImage | null {
  const parts = splitCommas(args)
  let angle = 180
  const first = parts[0]
  const f0 = first[0]
  if (f0 && f0.t === 'num' && ['deg', 'rad', 'turn', 'grad'].includes(f0.unit)) {
    const deg = f0.unit === 'rad' ? (f0.n * 180) / Math.PI : f0.unit === 'turn' ? f0.n * 360 : f0.unit === 'grad' ? f0.n * 0.9 : f0.n
    angle = legacy ? 90 - deg : deg
    parts.shift()
  } else if (f0 && f0.t === 'num' && f0.n === 0 && f0.unit === '') {
    angle = legacy ? 90 : 0
    parts.shift()
  } else if (f0 && f0.t === 'ident' && (f0.v === 'to' || (legacy && f0.v in SIDE_ANGLE))) {
    const words = first.filter((x) => x.t === 'ident' && x.v !== 'to').map((x) => (x as { v: string }).v)
    const angles = words.map((w) => SIDE_ANGLE[w])
    if (angles.some((a) => a === undefined) || angles.length === 0 || angles.length > 2) return null
    let a = angles.length === 2
      ? (angles.includes(0) && angles.includes(270) ? 315 : (angles[0] + angles[1]) / 2)
      : angles[0]
    if (legacy) a = (a + 180) % 360 // legacy syntax names the starting side
    angle = a
    parts.shift()
  }
  const stops = parseStops(parts, c)
  return stops ? { kind: 'linear-gradient', angleDeg: angle, stops } : null
}

function radial(args: Tok[], c: ApplyContext): BackgroundImage | null {
  const parts = splitCommas(args)
  let shape: 'circle' | 'ellipse' = 'ellipse'
  let at: [Dim, Dim] = [CENTER, CENTER]
  const first = parts[0]
  const isStop = first.length > 0 && parseColor(first[0], c.style.color) !== null
  if (!isStop) {
    const atIdx = first.findIndex((t) => t.t === 'ident' && t.v === 'at')
    const shapePart = atIdx < 0 ? first : first.slice(0, atIdx)
    if (shapePart.some((t) => t.t === 'ident' && t.v === 'circle')) shape = 'circle'
    else if (shapePart.filter((t) => t.t === 'num').length === 1 && !shapePart.some((t) => t.t === 'ident' && t.v === 'ellipse')) shape = 'circle'
    if (atIdx >= 0) {
      const pos = parsePosition(first.slice(atIdx + 1), c)
      if (!pos) return null
      at = pos
    }
    parts.shift()
  }
  const stops = parseStops(parts, c)
  return stops ? { kind: 'radial-gradient', shape, at, stops } : null
}

function parseStops(parts: Tok[][], c: ApplyContext): GradientStop[] | null {
  const stops: GradientStop[] = []
  for (const p of parts) {
    if (p.length === 0) return null
    const color = parseColor(p[0], c.style.color)
    if (!color) {
      if (p.length === 1 && toDim(p[0], c)) continue // a colour hint: ignored
      return null
    }
    const positions = p.slice(1).map((t) => toDim(t, c))
    if (positions.some((d) => d === null)) return null
    if (positions.length === 0) stops.push({ color, at: null })
    for (const at of positions) stops.push({ color, at })
  }
  return stops.length >= 1 ? stops : null
}

const H: Record<string, number> = { left: 0, center: 50, right: 100 }
const V: Record<string, number> = { top: 0, center: 50, bottom: 100 }

/** background-position / `at` position: 1–4 values, keywords and lengths. */
function parsePosition(toks: Tok[] | undefined, c: ApplyContext): [Dim, Dim] | null {
  if (!toks || toks.length === 0) return null
  const word = (t: Tok): string | null => (t.t === 'ident' ? t.v : null)
  if (toks.length === 1) {
    const w = word(toks[0])
    if (w === 'top' || w === 'bottom') return [CENTER, { px: 0, pct: V[w] }]
    if (w !== null) return w in H ? [{ px: 0, pct: H[w] }, CENTER] : null
    const d = toDim(toks[0], c)
    return d ? [d, CENTER] : null
  }
  if (toks.length === 2) {
    let [a, b] = toks
    const wa = word(a)
    const wb = word(b)
    if ((wa === 'top' || wa === 'bottom') || (wb === 'left' || wb === 'right')) { [a, b] = [b, a] }
    const x = word(a) !== null ? (word(a)! in H ? { px: 0, pct: H[word(a)!] } : null) : toDim(a, c)
    const y = word(b) !== null ? (word(b)! in V ? { px: 0, pct: V[word(b)!] } : null) : toDim(b, c)
    return x && y ? [x, y] : null
  }
  // 3–4 values: keyword offset pairs (`right 10px bottom 20px`).
  let x: Dim = CENTER
  let y: Dim = CENTER
  for (let i = 0; i < toks.length; i++) {
    const w = word(toks[i])
    if (w === null) return null
    const next = toks[i + 1]
    const off = next && next.t !== 'ident' ? toDim(next, c) : null
    if (off) i++
    const o = off ?? { px: 0, pct: 0 }
    if (w === 'left') x = o
    else if (w === 'right') x = { px: -o.px, pct: 100 - o.pct }
    else if (w === 'top') y = o
    else if (w === 'bottom') y = { px: -o.px, pct: 100 - o.pct }
    else if (w !== 'center') return null
  }
  return [x, y]
}

function parseSize(toks: Tok[] | undefined, c: ApplyContext): BackgroundLayer['size'] {
  if (!toks || toks.length === 0) return ['auto', 'auto']
  const t0 = toks[0]
  if (t0.t === 'ident' && (t0.v === 'cover' || t0.v === 'contain')) return t0.v
  const one = (t: Tok | undefined): DimAuto => (!t || (t.t === 'ident' && t.v === 'auto') ? 'auto' : toDim(t, c) ?? 'auto')
  return [one(toks[0]), one(toks[1])]
}

/** `background-repeat`: one keyword (repeat-x, repeat-y, or one for both axes) or one per axis; else repeat. */
function parseRepeat(toks: Tok[] | undefined): BackgroundLayer['repeat'] {
  const words = (toks ?? []).map((t) => (t.t === 'ident' ? t.v : ''))
  const axis = (w: string | undefined): BackgroundRepeat => (w === 'no-repeat' || w === 'round' || w === 'space' ? w : 'repeat')
  if (words.length === 1 && words[0] === 'repeat-x') return ['repeat', 'no-repeat']
  if (words.length === 1 && words[0] === 'repeat-y') return ['no-repeat', 'repeat']
  return [axis(words[0]), axis(words[1] ?? words[0])]
}
