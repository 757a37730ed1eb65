// Text measurement and the font objects handed to pdfkit. Parsing a font and shaping a word are the two
// costs that dominate a small render, so both are cached at module scope: once per worker, shared by every
// document. pdfkit accepts a fontkit font object in registerFont(); we give it a thin view of the parsed
// font whose layout() answers from the same shape cache we measure with, so what is measured is exactly
// what is painted and a word is shaped once per process instead of once per document.
import * as fontkit from 'fontkit'
import type { Font, GlyphPosition, GlyphRun } from 'fontkit'
import { keepGlyphCodePoints } from './glyph-code-points.js'
import { cjkSansFace, fallbackChain, fallbackFace, fontBytes, resolveFace, type FontFace } from './index.js'
import type { ComputedStyle } from '../document/styled-tree.js'
import { renderScopedMap } from '../layout/render-scope.js'
import { LONG_RUN, shapeLong } from './long-runs.js'

/** Vertical metrics of a face at one font size, in CSS px, rounded the way Chromium (Skia) rounds them. */
export interface LineMetrics {
  ascent: number
  descent: number
  lineGap: number
  /** line-height: normal */
  normal: number
}

/** A run of text drawn with one face (the chosen face, or the fallback for glyphs it lacks). */
export interface FaceRun { face: FontFace; text: string }

export interface FontStore {
  faceOf(style: ComputedStyle): FontFace
  /** Advance width in px of text drawn in one face at one size (kerning and ligatures included). */
  width(face: FontFace, text: string, size: number): number
  /** Splits text into runs so that every character has a glyph in its run's face. */
  runs(face: FontFace, text: string): FaceRun[]
  /** Whether the face has a glyph for every visible character of the text. */
  covers(face: FontFace, text: string): boolean
  metrics(face: FontFace, size: number): LineMetrics
  /** Unrounded font-unit metrics scaled to px: for decoration positions and x-height. */
  decoration(face: FontFace, size: number): { underlineOffset: number; thickness: number; xHeight: number; strikeOffset: number }
  /** The shaped glyphs of a piece of text (font units; shared, read-only): what painting encodes. */
  glyphRun(face: FontFace, text: string): GlyphRun
  /** The object to pass to pdfkit's registerFont (a cached view of the parsed font). */
  pdfkitFont(face: FontFace): unknown
}

interface LoadedFace {
  font: Font
  /** fontkit's unitsPerEm is a getter that reads the head table on every call. */
  unitsPerEm: number
  shapes: Map<string, GlyphRun>
  /** Advance in font units of whole measured strings (layout measures the same words many times). */
  advances: Map<string, number>
  coverage: Map<number, boolean>
  pdfkitView: Font
}

const loaded = new Map<string, LoadedFace>()

function load(face: FontFace): LoadedFace {
  let entry = loaded.get(face.key)
  if (entry) return entry
  const parsed = fontkit.create(fontBytes(face)) as Font | { fonts: Font[] }
  // A collection (.ttc/.otc) holds several fonts and no way to say which one a rule meant.
  if (!('layout' in parsed)) throw new Error('font collections are not supported')
  const font = parsed
  keepGlyphCodePoints(font)
  const shapes = new Map<string, GlyphRun>()
  // Object.create keeps every fontkit getter (tables, subset creation) working on the shared parse.
  const pdfkitView = Object.create(font) as Font
  pdfkitView.layout = (text: string, features?: unknown): GlyphRun => {
    if (features) return font.layout(text, features)
    const run = shape(font, shapes, text)
    // pdfkit scales positions in place, so it gets copies; glyph objects are read-only to it.
    return { glyphs: run.glyphs, positions: run.positions.map((p) => ({ ...p })), advanceWidth: run.advanceWidth }
  }
  entry = { font, unitsPerEm: font.unitsPerEm, shapes, advances: new Map(), coverage: new Map(), pdfkitView }
  loaded.set(face.key, entry)
  return entry
}

function shape(font: Font, shapes: Map<string, GlyphRun>, text: string): GlyphRun {
  // Not cached: it is rebuilt from its cached pieces in one walk.
  if (text.length > LONG_RUN) return shapeLong(text, (piece) => shape(font, shapes, piece))
  let run = shapes.get(text)
  if (!run) {
    // Soft hyphens are invisible, and never reach fontkit: it caches glyph objects by id, and one first made
    // for U+00AD (which shares the hyphen's glyph) keeps that code point, so every later '-' was hidden as a
    // default-ignorable character.
    const clean = text.indexOf('\u00ad') >= 0 ? text.replaceAll('\u00ad', '') : text
    // Arabic-script digits are numbers, read left to right, but fontkit takes the Arabic script's direction
    // and reverses them (۱۲ drew as ۲۱): a run of them without a right-to-left letter is shaped left to right.
    run = leanRun(arabicDigitsOnly(clean) ? font.layout(clean, undefined, undefined, undefined, 'ltr') : font.layout(clean))
    // A bounded cache: templates reuse a small vocabulary, data may not.
    if (shapes.size > 50_000) shapes.clear()
    shapes.set(text, run)
  }
  return run
}

/**
 * What a cached run keeps of fontkit's: its glyphs (fontkit's own objects, one per glyph id), positions shared
 * by value and the advance summed once. fontkit's run also holds the features it shaped with, an object of
 * some 1 KB per run, and a position object per glyph: a long statement's distinct dates, references and
 * amounts kept 2.1 KB a word in the cache, which grows with the document up to its bound.
 */
function leanRun(run: GlyphRun): GlyphRun {
  const positions = run.positions.map(sharedPosition)
  let advanceWidth = 0
  for (const p of positions) advanceWidth += p.xAdvance
  return { glyphs: run.glyphs, positions, advanceWidth }
}

/** Positions by value, read-only and shared by every cached run (most are a glyph's plain advance). */
const positionsByValue = new Map<string, GlyphPosition>()

function sharedPosition(p: GlyphPosition): GlyphPosition {
  const key = `${p.xAdvance} ${p.yAdvance} ${p.xOffset} ${p.yOffset}`
  let shared = positionsByValue.get(key)
  if (!shared) {
    if (positionsByValue.size > 50_000) positionsByValue.clear()
    shared = { xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset }
    positionsByValue.set(key, shared)
  }
  return shared
}

/** Whether text has Arabic-Indic or Persian digits and no other character of a right-to-left script. */
function arabicDigitsOnly(text: string): boolean {
  let digits = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x590) continue
    if ((c >= 0x660 && c <= 0x66c) || (c >= 0x6f0 && c <= 0x6f9)) digits = true
    else if (c <= 0x8ff || (c >= 0xfb1d && c <= 0xfefe)) return false
  }
  return digits
}

/**
 * Drops a template's web font from the caches (load-document-fonts.ts keeps the number of them bounded);
 * bundled faces stay for the life of the worker.
 */
export function forgetFace(face: FontFace): void {
  loaded.delete(face.key)
  metricsCache.delete(face.key)
}

/** Whether a face has a glyph for a code point (parses the face first: throws on bad font data). */
export function faceHasGlyph(face: FontFace, cp: number): boolean {
  return hasGlyph(load(face), cp)
}

function hasGlyph(entry: LoadedFace, cp: number): boolean {
  let has = entry.coverage.get(cp)
  if (has === undefined) {
    has = entry.font.hasGlyphForCodePoint(cp)
    entry.coverage.set(cp, has)
  }
  return has
}

// Characters that never need a glyph of their own (controls, spaces handled by layout, joiners).
function isInvisible(cp: number): boolean {
  return cp < 0x20 || cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfeff || cp === 0xad
}

function width(face: FontFace, text: string, size: number): number {
  if (text.length === 0) return 0
  const entry = load(face)
  let units = entry.advances.get(text)
  if (units === undefined) {
    units = advance(entry, text)
    if (entry.advances.size > 50_000) entry.advances.clear()
    entry.advances.set(text, units)
  }
  return (units * size) / entry.unitsPerEm
}

function advance(entry: LoadedFace, text: string): number {
  // Painting encodes text word by word (split after spaces); measuring the same pieces keeps both in step.
  let units = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 32) {
      units += shape(entry.font, entry.shapes, text.slice(start, i + 1)).advanceWidth
      start = i + 1
    }
  }
  if (start < text.length) units += shape(entry.font, entry.shapes, text.slice(start)).advanceWidth
  return units
}

function runs(face: FontFace, text: string): FaceRun[] {
  // The common case (every character in the face) builds no chain.
  if (coversAll(face, text)) return [{ face, text }]
  return splitRuns([face, ...fallbackChain(face.weight, face.style)], text)
}

function coversAll(face: FontFace, text: string, accepts?: (face: FontFace, cp: number) => boolean): boolean {
  const primary = load(face)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0x20 && c < 0x7f && !accepts) continue
    const cp = text.codePointAt(i)!
    if (!isInvisible(cp) && !(hasGlyph(primary, cp) && (!accepts || accepts(face, cp)))) return false
  }
  return true
}

/**
 * Splits text into runs over a chain of faces: every character goes to the first face that has a glyph for
 * it (and whose unicode-range, when `accepts` is given, includes it); a character no face has goes to the
 * fallback face (DejaVu Sans), which draws its missing-glyph box: measured and painted alike, and kept in
 * the text layer (paint-text.ts).
 */
export function splitRuns(chain: readonly FontFace[], text: string, accepts?: (face: FontFace, cp: number) => boolean): FaceRun[] {
  const face = chain[0]
  if (coversAll(face, text, accepts)) return [{ face, text }]
  const missing = fallbackFace(face.weight, face.style)
  const out: FaceRun[] = []
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    let use = missing
    if (isInvisible(cp) || cp === 32) use = face
    else {
      for (const candidate of chain) {
        if ((!accepts || accepts(candidate, cp)) && hasGlyph(load(candidate), cp)) { use = candidate; break }
      }
    }
    const last = out[out.length - 1]
    if (last && last.face === use) last.text += ch
    else out.push({ face: use, text: ch })
  }
  return out
}

// Keyed by the face's key, then size: layout asks for metrics of every inline box, so no key is built.
const metricsCache = new Map<string, Map<number, LineMetrics>>()

function metrics(face: FontFace, size: number): LineMetrics {
  let bySize = metricsCache.get(face.key)
  if (!bySize) metricsCache.set(face.key, (bySize = new Map()))
  let m = bySize.get(size)
  if (m) return m
  const font = load(face).font
  const scale = size / font.unitsPerEm
  // Skia rounds each metric to whole pixels; line-height: normal is their sum (hhea values, as FreeType reads them).
  const ascent = Math.round(font.ascent * scale)
  const descent = Math.round(-font.descent * scale)
  const lineGap = Math.round(font.lineGap * scale)
  m = { ascent, descent, lineGap, normal: ascent + descent + lineGap }
  bySize.set(size, m)
  return m
}

function decoration(face: FontFace, size: number) {
  const font = load(face).font
  const scale = size / font.unitsPerEm
  const thickness = Math.max(1, font.underlineThickness * scale)
  return {
    underlineOffset: -font.underlinePosition * scale,
    thickness,
    xHeight: (font.xHeight || font.unitsPerEm * 0.5) * scale,
    strikeOffset: -((font.xHeight || font.unitsPerEm * 0.5) * scale) / 2,
  }
}

const faceByStyleObject = renderScopedMap<ComputedStyle, FontFace>()
// Layout asks for the face of the same style many times in a row (every unit of a text run).
let lastStyle: ComputedStyle | null = null
let lastFace: FontFace | null = null

function faceOf(style: ComputedStyle): FontFace {
  if (style === lastStyle) return lastFace!
  let face = faceByStyleObject.get(style)
  if (!face) {
    face = faceOfUncached(style)
    faceByStyleObject.set(style, face)
  }
  lastStyle = style
  lastFace = face
  return face
}

// Inherited font-family lists are shared arrays, so the list itself is a cheap first key.
const faceByFamilies = new WeakMap<readonly string[], Map<string, FontFace>>()

function faceOfUncached(style: ComputedStyle): FontFace {
  let byVariant = faceByFamilies.get(style.fontFamily)
  if (!byVariant) {
    byVariant = new Map()
    faceByFamilies.set(style.fontFamily, byVariant)
  }
  const variant = `${style.fontWeight}|${style.fontStyle}|${style.cjkLang}`
  let face = byVariant.get(variant)
  if (!face) {
    face = cjkSansFace(style.fontFamily, style.cjkLang, style.fontWeight) ?? resolveFace(style.fontFamily, style.fontWeight, style.fontStyle)
    byVariant.set(variant, face)
  }
  return face
}

const store: FontStore = {
  faceOf,
  width,
  runs,
  covers: (face, text) => coversAll(face, text),
  metrics,
  decoration,
  glyphRun: (face, text) => {
    const entry = load(face)
    return shape(entry.font, entry.shapes, text)
  },
  pdfkitFont: (face) => load(face).pdfkitView,
}

/** The process-wide font store (its caches outlive a document on purpose). */
export function fontStore(): FontStore {
  return store
}
