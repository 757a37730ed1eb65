// The bookmark properties of CSS Generated Content for Paged Media (§4), as WeasyPrint reads them: which
// elements the PDF's outline lists, at what level, and under what label. Neither inherits. Without them,
// headings h1–h6 are listed at their own level with their text (the PDF painter's default).
//   bookmark-level: none | <integer>            (1 or more)
//   bookmark-label: <content-list>              strings, content(text | before | after), attr(<name>)
import type { Tok } from './css-tokens.js'
import { copyField, type PropertyDef } from './property-def.js'
import type { BookmarkLabelPart } from './styled-tree.js'

const bookmarkLevel: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    if (t.t === 'ident' && t.v === 'none') { c.style.bookmarkLevel = 'none'; return true }
    if (t.t !== 'num' || t.unit !== '' || !Number.isInteger(t.n) || t.n < 1) return false
    // Deeper than any reader shows; the outline nests by comparison only.
    c.style.bookmarkLevel = Math.min(t.n, 100)
    return true
  },
  inherit: copyField('bookmarkLevel'),
}

const CONTENT_OF = new Set(['text', 'before', 'after'])

const bookmarkLabel: PropertyDef = {
  inherited: false,
  initial: 'content(text)',
  apply(toks, c) {
    const parts: BookmarkLabelPart[] = []
    for (const t of toks) {
      const part = labelPart(t)
      if (!part) return false
      parts.push(part)
    }
    if (!parts.length) return false
    c.style.bookmarkLabel = parts
    return true
  },
  inherit: copyField('bookmarkLabel'),
}

function labelPart(t: Tok): BookmarkLabelPart | null {
  if (t.t === 'str') return { k: 'string', v: t.v }
  if (t.t !== 'fn') return null
  const arg = t.args.filter((a) => a.t !== 'op')
  if (t.name === 'content') {
    if (arg.length === 0) return { k: 'content', of: 'text' }
    const which = arg[0]
    if (arg.length === 1 && which.t === 'ident' && CONTENT_OF.has(which.v)) return { k: 'content', of: which.v as 'text' | 'before' | 'after' }
    return null
  }
  if (t.name === 'attr' && arg.length === 1 && arg[0].t === 'ident') return { k: 'attr', name: arg[0].raw?.toLowerCase() ?? arg[0].v }
  return null
}

export const BOOKMARK_PROPERTIES: Record<string, PropertyDef> = {
  'bookmark-level': bookmarkLevel,
  'bookmark-label': bookmarkLabel,
}
