// Borders, corner radii, background colour and layers, shadows.
import type { BorderSide, BoxShadow } from './styled-tree.js'
import { splitCommas, type Tok } from './css-tokens.js'
import { extra, type ApplyContext, type PropertyDef } from './property-def.js'
import { parseColor } from './parse-color.js'
import { toDim, toPx } from './parse-length.js'
import { BORDER_STYLES } from './expand-shorthand.js'

type SideKey = 'borderTop' | 'borderRight' | 'borderBottom' | 'borderLeft' | 'columnRule'
const SIDE_KEYS: Record<string, SideKey> = { top: 'borderTop', right: 'borderRight', bottom: 'borderBottom', left: 'borderLeft' }

const WIDTH_KEYWORDS: Record<string, number> = { thin: 1, medium: 3, thick: 5 }

function setSide(c: ApplyContext, key: SideKey, patch: Partial<BorderSide>): true {
  c.style[key] = { ...c.style[key], ...patch }
  return true
}

function borderWidth(key: SideKey): PropertyDef {
  return {
    inherited: false,
    initial: 'medium',
    apply(toks, c) {
      const t = toks[0]
      if (toks.length !== 1) return false
      const w = t.t === 'ident' ? (Object.hasOwn(WIDTH_KEYWORDS, t.v) ? WIDTH_KEYWORDS[t.v] * c.zoom : null) : toPx(t, c)
      if (w === null || w < 0) return false
      return setSide(c, key, { width: w })
    },
    inherit: (c) => setSide(c, key, { width: c.parent[key].width }),
  }
}

function borderStyle(key: SideKey): PropertyDef {
  return {
    inherited: false,
    initial: 'none',
    apply(toks, c) {
      const t = toks[0]
      if (toks.length !== 1 || t.t !== 'ident' || !BORDER_STYLES.has(t.v)) return false
      return setSide(c, key, { style: t.v as BorderSide['style'] })
    },
    inherit: (c) => setSide(c, key, { style: c.parent[key].style }),
  }
}

function borderColor(key: SideKey): PropertyDef {
  return {
    inherited: false,
    initial: 'currentcolor',
    apply(toks, c) {
      const col = toks.length === 1 ? parseColor(toks[0], c.style.color) : null
      return col ? setSide(c, key, { color: col }) : false
    },
    inherit: (c) => setSide(c, key, { color: c.parent[key].color }),
  }
}

function radius(corner: number): PropertyDef {
  return {
    inherited: false,
    initial: '0',
    apply(toks, c) {
      if (toks.length < 1 || toks.length > 2) return false
      let d = toDim(toks[0], c)
      // A negative calc() is clamped to the range (CSS Values 4 §10.9); a negative literal is invalid.
      if (d && toks[0].t === 'fn' && d.px <= 0 && d.pct <= 0) d = { px: 0, pct: 0 }
      if (d === null || d.px < 0 || d.pct < 0) return false
      if (toks.length === 2 && toDim(toks[1], c) === null) return false
      const r = c.style.borderRadius.slice() as [number, number, number, number]
      r[corner] = d.px
      c.style.borderRadius = r
      const pct = c.extras.radiusPct ?? [null, null, null, null]
      pct[corner] = d.pct !== 0 ? d.pct : null
      c.extras.radiusPct = pct
      return true
    },
    inherit(c) {
      const r = c.style.borderRadius.slice() as [number, number, number, number]
      r[corner] = c.parent.borderRadius[corner]
      c.style.borderRadius = r
    },
  }
}

const backgroundColor: PropertyDef = {
  inherited: false,
  initial: 'transparent',
  apply(toks, c) {
    const col = toks.length === 1 ? parseColor(toks[0], c.style.color) : null
    if (!col) return false
    c.style.backgroundColor = col.a === 0 ? null : col
    return true
  },
  inherit: (c) => { c.style.backgroundColor = c.parent.backgroundColor },
}

const boxShadow: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none') { c.style.boxShadow = []; return true }
    const out: BoxShadow[] = []
    for (const layer of splitCommas(toks)) {
      const s = parseShadow(layer, c)
      if (!s) return false
      out.push(s)
    }
    c.style.boxShadow = out
    return true
  },
  inherit: (c) => { c.style.boxShadow = c.parent.boxShadow },
}

const textShadow: PropertyDef = {
  inherited: true,
  initial: 'none',
  apply(toks, c) {
    if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none') { c.style.textShadow = []; return true }
    const out: BoxShadow[] = []
    for (const layer of splitCommas(toks)) {
      const s = parseShadow(layer, c)
      if (!s || s.inset || s.spread !== 0 || layer.filter((t) => t.t === 'num').length > 3) return false
      out.push(s)
    }
    c.style.textShadow = out
    return true
  },
  inherit: (c) => { c.style.textShadow = c.parent.textShadow },
}

function parseShadow(toks: ReturnType<typeof splitCommas>[number], c: ApplyContext): BoxShadow | null {
  let inset = false
  let color = c.style.color
  const lengths: number[] = []
  for (const t of toks) {
    if (t.t === 'ident' && t.v === 'inset') { inset = true; continue }
    const len = t.t === 'num' || (t.t === 'fn' && t.name === 'calc') ? toPx(t, c) : null
    if (len !== null) { lengths.push(len); continue }
    const col = parseColor(t, c.style.color)
    if (!col) return null
    color = col
  }
  if (lengths.length < 2 || lengths.length > 4 || (lengths[2] ?? 0) < 0) return null
  return { x: lengths[0], y: lengths[1], blur: lengths[2] ?? 0, spread: lengths[3] ?? 0, color, inset }
}

const IMAGE_FUNCTION = /^(-(webkit|moz|o)-)?(repeating-)?(linear|radial)-gradient$/

/** Images we can draw: none, url(), linear and radial gradients (old -webkit-gradient() is not one). */
function isImageList(toks: Tok[]): boolean {
  return splitCommas(toks).every((layer) => {
    const t = layer[0]
    if (layer.length !== 1) return false
    return t.t === 'url' || (t.t === 'ident' && t.v === 'none') || (t.t === 'fn' && IMAGE_FUNCTION.test(t.name))
  })
}

const BOXES = new Set(['border-box', 'padding-box', 'content-box', 'text'])

/** A list of background boxes (`text` is accepted for background-clip and clips as border-box). */
function isBoxList(toks: Tok[]): boolean {
  return splitCommas(toks).every((layer) => layer.length === 1 && layer[0].t === 'ident' && BOXES.has(layer[0].v))
}

function checked(def: PropertyDef, ok: (toks: Tok[]) => boolean): PropertyDef {
  return { ...def, apply: (toks, c) => ok(toks) && def.apply(toks, c) }
}

export const PAINT_PROPERTIES: Record<string, PropertyDef> = {
  'text-shadow': textShadow,
  'background-color': backgroundColor,
  'background-image': checked(extra('bgImage', 'none'), isImageList),
  'background-position': extra('bgPosition', '0% 0%'),
  'background-size': extra('bgSize', 'auto'),
  'background-repeat': extra('bgRepeat', 'repeat'),
  'background-origin': checked(extra('bgOrigin', 'padding-box'), isBoxList),
  'background-clip': checked(extra('bgClip', 'border-box'), isBoxList),
  'box-shadow': boxShadow,
  'border-top-left-radius': radius(0),
  'border-top-right-radius': radius(1),
  'border-bottom-right-radius': radius(2),
  'border-bottom-left-radius': radius(3),
}

for (const [side, key] of Object.entries(SIDE_KEYS)) {
  PAINT_PROPERTIES[`border-${side}-width`] = borderWidth(key)
  PAINT_PROPERTIES[`border-${side}-style`] = borderStyle(key)
  PAINT_PROPERTIES[`border-${side}-color`] = borderColor(key)
}

// column-rule-* are a border side of their own (CSS Multicol 1 §4: the same values as border-*).
PAINT_PROPERTIES['column-rule-width'] = borderWidth('columnRule')
PAINT_PROPERTIES['column-rule-style'] = borderStyle('columnRule')
PAINT_PROPERTIES['column-rule-color'] = borderColor('columnRule')
