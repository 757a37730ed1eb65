// The fonts a template brings (`@font-face`), loaded before layout: from data: URIs, or fetched through the
// guarded fetcher and kept in the worker's resource cache. Only faces the document can use are loaded: the
// family is named in some font-family list and, for a unicode-range segment (Google Fonts serves one file
// per script), the document has a character in its range. Bad font data is a warning and the next family
// in the list is used, never a failed render.
import { createHash } from 'node:crypto'
import type { FetchPolicy, RenderBudgets } from '../contract.js'
import { DEFAULT_BUDGETS } from '../default-budgets.js'
import type { FontFaceRule } from '../document/parse-font-face.js'
import type { StyledDocument, StyledElement } from '../document/styled-tree.js'
import { decodeDataUri } from '../resources/decode-data-uri.js'
import { fetchCached } from '../resources/fetched-resource-cache.js'
import { faceHasGlyph, forgetFace } from './font-store.js'
import { toSfnt } from './to-sfnt.js'
import type { FontFace } from './index.js'
import type { Descriptors } from './match-face.js'

export interface WebFace extends Descriptors {
  face: FontFace
  unicodeRange: Array<[number, number]> | null
}

/** Lower-cased family name → its faces, in declaration order. */
export type DocumentFonts = Map<string, WebFace[]>

/** Parsed web fonts kept per worker (each parse holds its tables; the bytes are in the resource cache). */
const MAX_PARSED_WEB_FACES = 64
/** A document uses a few families in a few weights; a hundred faces is a loop in a generator, or an attack. */
const MAX_FACES_PER_DOCUMENT = 32
const webFaces = new Map<string, FontFace>()

function shortRef(url: string): string {
  return url.length > 100 ? `${url.slice(0, 60)}…(${url.length} chars)` : url
}

/** One canonical face per font file, so its parse and shape caches are shared by every render using it. */
async function webFace(bytes: Buffer, name: string, rule: FontFaceRule): Promise<FontFace> {
  const key = `web-${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}`
  let face = webFaces.get(key)
  if (face) {
    webFaces.delete(key)
    webFaces.set(key, face)
    return face
  }
  face = { key, family: 'web', name, weight: rule.weight[0], style: rule.style === 'normal' ? 'normal' : 'italic', path: '', bytes: await toSfnt(bytes) }
  webFaces.set(key, face)
  for (const [oldKey, old] of webFaces) {
    if (webFaces.size <= MAX_PARSED_WEB_FACES) break
    webFaces.delete(oldKey)
    forgetFace(old)
  }
  return face
}

/** Family names used by the document and every character of its text. */
function usage(root: StyledElement): { families: Set<string>; chars: Set<number> } {
  const families = new Set<string>()
  const chars = new Set<number>()
  const seenLists = new Set<readonly string[]>()
  const stack: StyledElement[] = [root]
  while (stack.length > 0) {
    const el = stack.pop()!
    if (!seenLists.has(el.style.fontFamily)) {
      seenLists.add(el.style.fontFamily)
      for (const f of el.style.fontFamily) families.add(f.toLowerCase())
    }
    for (const ch of el.marker ?? '') chars.add(ch.codePointAt(0)!)
    for (const child of el.children) {
      if (child.kind === 'element') stack.push(child)
      else for (const ch of child.text) chars.add(ch.codePointAt(0)!)
    }
  }
  return { families, chars }
}

function intersects(ranges: Array<[number, number]>, chars: Set<number>): boolean {
  for (const cp of chars) for (const [lo, hi] of ranges) if (cp >= lo && cp <= hi) return true
  return false
}

async function fetchFont(url: string, policy: FetchPolicy, budget: number): Promise<Buffer> {
  if (/^data:/i.test(url)) return decodeDataUri(url).bytes
  const absolute = url.startsWith('//') ? `https:${url}` : url
  if (!/^https?:\/\//i.test(absolute)) throw new Error('only data:, http: and https: fonts can be loaded (relative URLs have no base)')
  return (await fetchCached(absolute, policy, budget, 'font/woff2,font/woff,font/ttf,font/otf,*/*;q=0.1')).bytes
}

export async function loadDocumentFonts(
  doc: StyledDocument, policy: FetchPolicy, budgets: Pick<RenderBudgets, 'webResourceCacheBytes'> = DEFAULT_BUDGETS,
): Promise<{ fonts: DocumentFonts; warnings: string[] }> {
  const fonts: DocumentFonts = new Map()
  const warnings: string[] = []
  const rules = doc.fontFaces ?? []
  if (rules.length === 0) return { fonts, warnings }
  const used = usage(doc.root)
  const pending = new Map<string, Promise<Buffer>>()
  const load = async (rule: FontFaceRule): Promise<WebFace | null> => {
    const reasons: string[] = []
    for (const source of rule.sources) {
      try {
        let bytes = pending.get(source.url)
        if (!bytes) pending.set(source.url, (bytes = fetchFont(source.url, policy, budgets.webResourceCacheBytes)))
        const fetched = await bytes
        let face: FontFace | null = null
        try {
          face = await webFace(fetched, rule.family, rule)
          faceHasGlyph(face, 0x20) // parses the font: bad data throws here, not in the middle of layout
        } catch (err) {
          if (face) {
            forgetFace(face)
            webFaces.delete(face.key)
          }
          throw new Error(`not a font that can be read (${err instanceof Error ? err.message : String(err)})`)
        }
        return { face, weight: rule.weight, style: rule.style, unicodeRange: rule.unicodeRange }
      } catch (err) {
        const reason = (err as { reason?: string }).reason ?? (err instanceof Error ? err.message : String(err))
        reasons.push(`${shortRef(source.url)}: ${reason}`)
      }
    }
    warnings.push(`font "${rule.family}" not loaded (${reasons.join('; ')}): the next family in the list is used`)
    return null
  }
  const usable = rules.filter((r) => used.families.has(r.family) && (r.unicodeRange === null || intersects(r.unicodeRange, used.chars)))
  const wanted = usable.slice(0, MAX_FACES_PER_DOCUMENT)
  if (usable.length > wanted.length) warnings.push(`${usable.length - wanted.length} @font-face rules not loaded: at most ${MAX_FACES_PER_DOCUMENT} faces per document`)
  const loaded = await Promise.all(wanted.map(load))
  loaded.forEach((face, i) => {
    if (!face) return
    const list = fonts.get(wanted[i].family)
    if (list) list.push(face)
    else fonts.set(wanted[i].family, [face])
  })
  return { fonts, warnings }
}
