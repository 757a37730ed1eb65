// Size containment (CSS Containment 2 §3.1) and the sizes it lays a box out at (CSS Sizing 4 §5.2,
// contain-intrinsic-size). Only size containment changes a static render: the box is sized as if it had no
// content, or as if its content were contain-intrinsic-width × contain-intrinsic-height. Layout, paint and style
// containment are accepted and make no difference yet.
import type { Tok } from './css-tokens.js'
import type { Expansion } from './expand-shorthand.js'
import { toPx } from './parse-length.js'
import type { PropertyDef } from './property-def.js'

const CONTAIN_KEYWORDS = new Set(['size', 'inline-size', 'layout', 'style', 'paint'])

/** `contain: none | strict | content | [size | inline-size] || layout || style || paint`. */
const contain: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    const words = toks.map((t) => (t.t === 'ident' ? t.v.toLowerCase() : ''))
    let size = false
    if (words.length === 1 && (words[0] === 'none' || words[0] === 'strict' || words[0] === 'content')) size = words[0] === 'strict'
    else {
      const seen = new Set(words)
      if (seen.size !== words.length || words.some((w) => !CONTAIN_KEYWORDS.has(w)) || (seen.has('size') && seen.has('inline-size'))) return false
      size = seen.has('size')
    }
    if (size) c.style.sizeContained = true
    else if (c.style.sizeContained !== undefined) c.style.sizeContained = undefined
    return true
  },
  inherit(c) { c.style.sizeContained = c.parent.sizeContained },
}

/**
 * `contain-intrinsic-width` / `-height: none | <length> | auto <length>`. With no remembered size (a document is
 * laid out once), `auto <length>` is the length.
 */
function intrinsicSize(field: 'containIntrinsicWidth' | 'containIntrinsicHeight'): PropertyDef {
  return {
    inherited: false,
    initial: 'none',
    apply(toks, c) {
      const rest = toks[0]?.t === 'ident' && toks[0].v.toLowerCase() === 'auto' ? toks.slice(1) : toks
      if (rest.length !== 1) return false
      const t = rest[0]
      if (t.t === 'ident' && t.v.toLowerCase() === 'none') {
        if (c.style[field] !== undefined) c.style[field] = undefined
        return true
      }
      const px = toPx(t, c)
      if (px === null || px < 0) return false
      c.style[field] = px
      return true
    },
    inherit(c) { c.style[field] = c.parent[field] },
  }
}

/** `contain-intrinsic-size`: one value for both axes or width then height, each `auto`-prefixable. */
export function expandContainIntrinsicSize(toks: Tok[]): Expansion | null {
  const parts: Tok[][] = []
  for (const t of toks) {
    const last = parts[parts.length - 1]
    if (last && last.length === 1 && last[0].t === 'ident' && last[0].v.toLowerCase() === 'auto') last.push(t)
    else parts.push([t])
  }
  if (parts.length < 1 || parts.length > 2) return null
  return [['contain-intrinsic-width', parts[0]], ['contain-intrinsic-height', parts[1] ?? parts[0]]]
}

export const CONTAINMENT_PROPERTIES: Record<string, PropertyDef> = {
  contain,
  'contain-intrinsic-width': intrinsicSize('containIntrinsicWidth'),
  'contain-intrinsic-height': intrinsicSize('containIntrinsicHeight'),
}
