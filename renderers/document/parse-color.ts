// CSS colours → {r,g,b,a} (channels 0–255, alpha 0–1). currentColor resolves against the element's colour.
import type { Color } from './styled-tree.js'
import type { Tok } from './css-tokens.js'
import { NAMED_COLORS } from './named-colors.js'
import { parseModernColor } from './parse-modern-color.js'

export const BLACK: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 1 }) as Color
const TRANSPARENT: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 0 }) as Color

const CANVAS = 0xffffff
const CANVAS_TEXT = 0x000000
const BUTTON_FACE = 0xefefef
const BUTTON_BORDER = 0x767676
/** Chromium's light-scheme system colours, and the deprecated ones as the colours they are the same as (CSS Color 4 §6.2). */
const SYSTEM_COLORS: Record<string, number> = {
  canvas: CANVAS, canvastext: CANVAS_TEXT, linktext: 0x0000ee, visitedtext: 0x551a8b, activetext: 0xff0000,
  buttonface: BUTTON_FACE, buttontext: 0x000000, buttonborder: BUTTON_BORDER, field: 0xffffff, fieldtext: 0x000000,
  graytext: 0x808080, highlight: 0xb5d5ff, highlighttext: 0x000000, mark: 0xffff00, marktext: 0x000000,
  '-webkit-link': 0x0000ee, '-webkit-text': 0x000000,
  activeborder: BUTTON_BORDER, activecaption: CANVAS, appworkspace: CANVAS, background: CANVAS,
  buttonhighlight: BUTTON_FACE, buttonshadow: BUTTON_FACE, captiontext: CANVAS_TEXT, inactiveborder: BUTTON_BORDER,
  inactivecaption: CANVAS, inactivecaptiontext: 0x808080, infobackground: CANVAS, infotext: CANVAS_TEXT,
  menu: CANVAS, menutext: CANVAS_TEXT, scrollbar: CANVAS, threeddarkshadow: BUTTON_BORDER, threedface: BUTTON_FACE,
  threedhighlight: BUTTON_BORDER, threedlightshadow: BUTTON_BORDER, threedshadow: BUTTON_BORDER, window: CANVAS,
  windowframe: BUTTON_BORDER, windowtext: CANVAS_TEXT,
}

const fromInt = (v: number, a = 1): Color => ({ r: (v >> 16) & 255, g: (v >> 8) & 255, b: v & 255, a })

/** Parses one colour token; null when it is not a colour. */
export function parseColor(t: Tok | undefined, current: Color): Color | null {
  if (!t) return null
  switch (t.t) {
    case 'ident': {
      if (t.v === 'transparent') return TRANSPARENT
      if (t.v === 'currentcolor') return current
      const named = NAMED_COLORS[t.v] ?? SYSTEM_COLORS[t.v]
      return named === undefined ? null : fromInt(named)
    }
    case 'hash': return parseHex(t.v)
    case 'fn': return parseColorFunction(t.name, t.args, current)
    default: return null
  }
}

function parseHex(hex: string): Color | null {
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null
  const h = (i: number): number => parseInt(hex[i] + hex[i], 16)
  const hh = (i: number): number => parseInt(hex.slice(i, i + 2), 16)
  switch (hex.length) {
    case 3: return { r: h(0), g: h(1), b: h(2), a: 1 }
    case 4: return { r: h(0), g: h(1), b: h(2), a: h(3) / 255 }
    case 6: return { r: hh(0), g: hh(2), b: hh(4), a: 1 }
    case 8: return { r: hh(0), g: hh(2), b: hh(4), a: hh(6) / 255 }
    default: return null
  }
}

/** The channels of an rgb()/hsl() in the legacy comma form or the modern space form; null when it is neither. */
function channels(args: Tok[]): { values: Tok[]; alpha: Tok | null; legacy: boolean } | null {
  const values: Tok[] = []
  let alpha: Tok | null = null
  let slashes = 0
  let commas = 0
  for (const a of args) {
    if (a.t === 'op' && a.v === ',') { commas++; continue }
    if (a.t === 'op' && a.v === '/') { slashes++; continue }
    if (slashes) {
      if (alpha) return null
      alpha = a
    } else values.push(a)
  }
  if (commas > 0) {
    // Legacy syntax: values separated by exactly two commas, or three with the alpha (CSS Color 4 §5.1, §7.1).
    if (slashes || values.length !== commas + 1 || (commas !== 2 && commas !== 3)) return null
    if (commas === 3) alpha = values.pop()!
    return { values, alpha, legacy: true }
  }
  if (slashes > 1 || (slashes === 1 && !alpha) || values.length !== 3) return null
  return { values, alpha, legacy: false }
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v))

function alphaOf(t: Tok | null): number | null {
  if (t === null) return 1
  if (t.t === 'num' && t.unit === '') return clamp(t.n, 0, 1)
  if (t.t === 'num' && t.unit === '%') return clamp(t.n / 100, 0, 1)
  if (t.t === 'ident' && t.v === 'none') return 0
  return null
}

function parseColorFunction(name: string, args: Tok[], current: Color): Color | null {
  if (name === 'var') return null
  // Fast path: plain rgb()/hsl() numbers, as nearly every template writes them. Everything else — CSS
  // Color 4/5 spaces, color-mix(), relative colours, calc() in channels — goes to the full parser.
  return parseLegacyFunction(name, args) ?? parseModernColor(name, args, current)
}

/**
 * rgb()/hsl() with plain numbers, as nearly every template writes them. Null for anything else — a form this
 * does not take is left to the full parser, which also refuses what is invalid: legacy commas with `none`, with
 * numbers and percentages mixed in rgb(), or numbers for hsl()'s saturation and lightness.
 */
function parseLegacyFunction(name: string, args: Tok[]): Color | null {
  if (name !== 'rgb' && name !== 'rgba' && name !== 'hsl' && name !== 'hsla') return null
  const ch = channels(args)
  if (!ch) return null
  const a = alphaOf(ch.alpha)
  if (a === null || (ch.legacy && ch.alpha?.t === 'ident')) return null
  if (name === 'rgb' || name === 'rgba') {
    const rgb: number[] = []
    const unit = ch.values[0].t === 'num' ? ch.values[0].unit : null
    for (const v of ch.values) {
      if (ch.legacy && (v.t !== 'num' || v.unit !== unit)) return null
      if (v.t === 'num' && v.unit === '') rgb.push(clamp(Math.round(v.n), 0, 255))
      else if (v.t === 'num' && v.unit === '%') rgb.push(clamp(Math.round((v.n * 255) / 100), 0, 255))
      else if (v.t === 'ident' && v.v === 'none') rgb.push(0)
      else return null
    }
    return { r: rgb[0], g: rgb[1], b: rgb[2], a }
  }
  const [h, s, l] = ch.values
  if (h.t !== 'num' || s.t !== 'num' || l.t !== 'num') return null
  if (s.unit !== '%' || l.unit !== '%') return null
  const hue = HUE_UNITS[h.unit]
  if (hue === undefined) return null
  return hslToRgb(h.n * hue, clamp(s.n, 0, 100) / 100, clamp(l.n, 0, 100) / 100, a)
}

/** Degrees per unit of a hue: a number is degrees; a percentage or a length is not a hue. */
const HUE_UNITS: Record<string, number> = { '': 1, deg: 1, turn: 360, rad: 180 / Math.PI, grad: 0.9 }

function hslToRgb(h: number, s: number, l: number, a: number): Color {
  h = ((h % 360) + 360) % 360
  const f = (n: number): number => {
    const k = (n + h / 30) % 12
    const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(c * 255)
  }
  return { r: f(0), g: f(8), b: f(4), a }
}

/** Legacy attribute colours (`bgcolor="ffffff"`, `color="red"`): HTML's lenient rules, simplified. */
export function parseLegacyColor(value: string): Color | null {
  const v = value.trim().toLowerCase()
  if (v === '' || v === 'transparent') return null
  const named = NAMED_COLORS[v]
  if (named !== undefined) return fromInt(named)
  const hex = v.startsWith('#') ? v.slice(1) : v
  if (/^[0-9a-f]{3}$/.test(hex) || /^[0-9a-f]{6}$/.test(hex)) return parseHex(hex)
  return null
}
