// An inline formatting context cut into measured units: text between two break opportunities (UAX #14, as
// Chromium uses ICU's), inline-box edges, atomic boxes, forced breaks. Line filling and intrinsic sizing both
// work on these, so "what fits" and "how wide at most" agree.
import LineBreaker from 'linebreak'
import { addHyphenDigitBreaks } from './hyphen-digit-breaks.js'
import type { ComputedStyle, StyledElement } from '../document/styled-tree.js'
import type { FontFace } from '../fonts/index.js'
import type { Box, InlineItem } from './boxes.js'
import { borderWidth, len } from './box-edges.js'
import type { FontStore } from '../fonts/font-store.js'
import { type RenderScopedMap, renderScopedMap } from './render-scope.js'
import { fitted } from '../fitted-array.js'

export type TextItem = Extract<InlineItem, { kind: 'text' }>

export interface FaceSpan { face: FontFace; text: string; width: number }

export interface TextUnit {
  kind: 'text'
  item: TextItem
  text: string
  spans: FaceSpan[]
  /** Full advance, letter- and word-spacing included, trailing spaces included. */
  width: number
  /** Width of trailing spaces that hang at the end of a line (collapsible white-space). */
  trailing: number
  /** Number of U+0020 in the unit (justification opportunities). */
  spaces: number
  canBreakAfter: boolean
}

/** `el`: the inline element an open edge starts (null on a close edge). */
export interface EdgeUnit { kind: 'open' | 'close'; style: ComputedStyle; link: string | null; width: number; canBreakAfter: boolean; el: StyledElement | null }
export interface AtomicUnit { kind: 'atomic'; box: Box; style: ComputedStyle; link: string | null; width: number; canBreakAfter: boolean }
export interface BreakUnit { kind: 'br'; style: ComputedStyle; width: 0; canBreakAfter: true }
export interface OutOfFlowUnit { kind: 'out-of-flow'; box: Box; style: ComputedStyle; width: 0; canBreakAfter: boolean }

export type Unit = TextUnit | EdgeUnit | AtomicUnit | BreakUnit | OutOfFlowUnit

const OBJECT = '\uFFFC'
const breakCache = new Map<string, Uint8Array>()

/** Break opportunities of a paragraph: flags[i] = 1 when a line may start at i (2 when it must). */
function breakFlags(text: string): Uint8Array {
  let flags = breakCache.get(text)
  if (flags) return flags
  flags = new Uint8Array(text.length + 1)
  const breaker = new LineBreaker(text)
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) flags[bk.position] = bk.required ? 2 : 1
  addHyphenDigitBreaks(text, flags)
  if (breakCache.size > 20_000) breakCache.clear()
  breakCache.set(text, flags)
  return flags
}

function wraps(style: ComputedStyle): boolean {
  return style.whiteSpace !== 'nowrap' && style.whiteSpace !== 'pre'
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9
}

function hangs(style: ComputedStyle): boolean {
  return style.whiteSpace !== 'pre' && style.whiteSpace !== 'break-spaces'
}

function inlineEdgeStart(style: ComputedStyle, cbWidth: number): number {
  const m = style.marginLeft === 'auto' ? 0 : len(style.marginLeft, cbWidth)
  return m + borderWidth(style.borderLeft) + len(style.paddingLeft, cbWidth)
}

function inlineEdgeEnd(style: ComputedStyle, cbWidth: number): number {
  const m = style.marginRight === 'auto' ? 0 : len(style.marginRight, cbWidth)
  return m + borderWidth(style.borderRight) + len(style.paddingRight, cbWidth)
}

/** Measures a piece of text as it will be drawn: face fallback, letter-spacing, word-spacing. */
export function measureText(fonts: FontStore, style: ComputedStyle, text: string): { spans: FaceSpan[]; width: number; spaces: number } {
  const face = fonts.faceOf(style)
  const size = style.fontSize
  const spans: FaceSpan[] = []
  let width = 0
  for (const run of fonts.runs(face, text)) {
    const w = fonts.width(run.face, run.text, size)
    spans.push({ face: run.face, text: run.text, width: w })
    width += w
  }
  let spaces = 0
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) spaces++
  if (style.letterSpacing) width += style.letterSpacing * codePoints(text)
  if (style.wordSpacing) width += style.wordSpacing * spaces
  return { spans, width, spaces }
}

/** Number of code points (what letter-spacing counts), without spreading the string into an array. */
export function codePoints(text: string): number {
  let n = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++ }
    }
  }
  return n
}

interface Measured { spans: FaceSpan[]; width: number; trailing: number; spaces: number }

/**
 * Measured pieces by what measuring reads (face, size, spacing, whether spaces hang) and text: like cells share
 * one computed style, a table measures the same words for its column widths, for layout and on every row, and
 * the next document measures them again. Styles are new objects in every document, so each remembers its key's
 * map (the fonts are the key's first part).
 */
const measured = new WeakMap<FontStore, { byKey: Map<string, Map<string, Measured>>; byStyle: RenderScopedMap<ComputedStyle, Map<string, Measured>> }>()

function measuredFor(fonts: FontStore, style: ComputedStyle): Map<string, Measured> {
  let store = measured.get(fonts)
  if (!store) {
    store = { byKey: new Map(), byStyle: renderScopedMap() }
    measured.set(fonts, store)
  }
  let byText = store.byStyle.get(style)
  if (byText) return byText
  const key = `${fonts.faceOf(style).key}|${style.fontSize}|${style.letterSpacing}|${style.wordSpacing}|${hangs(style)}`
  byText = store.byKey.get(key)
  if (!byText) {
    byText = new Map()
    // Bounded like each text map: documents may bring any number of sizes and spacings over a worker's life.
    if (store.byKey.size >= 1_000) store.byKey.clear()
    store.byKey.set(key, byText)
  }
  store.byStyle.set(style, byText)
  return byText
}

function measurePiece(fonts: FontStore, style: ComputedStyle, text: string): Measured {
  const byText = measuredFor(fonts, style)
  let m = byText.get(text)
  if (m) return m
  const { spans, width, spaces } = measureText(fonts, style, text)
  let trailing = 0
  if (hangs(style) && text.charCodeAt(text.length - 1) === 32) {
    const trimmed = text.replace(/ +$/, '')
    trailing = width - measureText(fonts, style, trimmed).width
  }
  m = { spans, width, trailing, spaces }
  // A bounded cache: templates reuse a small vocabulary, data may not.
  if (byText.size > 20_000) byText.clear()
  byText.set(text, m)
  return m
}

export function textUnit(fonts: FontStore, item: TextItem, text: string, canBreakAfter: boolean): TextUnit {
  const m = measurePiece(fonts, item.style, text)
  return { kind: 'text', item, text, spans: m.spans, width: m.width, trailing: m.trailing, spaces: m.spaces, canBreakAfter }
}

/**
 * The text units of an inline formatting context, cut once per item list: intrinsic sizing and layout (at
 * times more than once) ask for the same items. Units do not change after they are cut, except that one
 * before an atomic box may break after it, which every call sets alike.
 */
const cutTexts = renderScopedMap<InlineItem[], CutText>()

interface CutText {
  fonts: FontStore
  /** The units of item k are units[ends[k - 1] ?? 0] up to ends[k]. */
  units: TextUnit[]
  ends: number[]
  /** Atomic boxes are measured (or laid out) by the caller on every call. */
  atomics: boolean
  edgesUsePercent: boolean
  /** All units, edges measured against `allWidth` (only without atomic boxes). */
  all: Unit[] | null
  allWidth: number
}

/** Lets go of the units cut for an item list (release-laid-out.ts: its layout is done). */
export function forgetCutText(items: InlineItem[]): void {
  cutTexts.delete(items)
}

/** How many item lists' cut units are held (tests: a long document does not keep every paragraph's). */
export function heldCutTexts(): number {
  return cutTexts.size
}

function textUnitsOf(items: InlineItem[], fonts: FontStore): CutText {
  let cut = cutTexts.get(items)
  if (cut && cut.fonts === fonts) return cut
  cut = cutText(items, fonts)
  cutTexts.set(items, cut)
  return cut
}

function cutText(items: InlineItem[], fonts: FontStore): CutText {
  // One item is the usual paragraph (a cell, a heading): its text is the paragraph, nothing is concatenated.
  let paragraph = items.length === 1 && items[0].kind === 'text' ? items[0].text : ''
  if (items.length !== 1) {
    for (const item of items) {
      if (item.kind === 'text') paragraph += item.text
      else if (item.kind === 'atomic') paragraph += OBJECT
    }
  }
  const flags = breakFlags(paragraph)
  const units: TextUnit[] = []
  const ends: number[] = []
  let atomics = false
  let edgesUsePercent = false
  let start = 0
  for (const item of items) {
    if (item.kind === 'atomic') { start += OBJECT.length; atomics = true }
    if (item.kind === 'open' || item.kind === 'close') edgesUsePercent ||= edgeUsesPercent(item.style)
    if (item.kind !== 'text') { ends.push(units.length); continue }
    const text = item.text
    const wrap = wraps(item.style)
    const breakAll = item.style.wordBreak === 'break-all'
    // break-spaces: a line may also break after every preserved space, between spaces too (CSS Text 3 §3).
    const breakSpaces = item.style.whiteSpace === 'break-spaces'
    let from = 0
    if (wrap) {
      for (let i = 1; i < text.length; i++) {
        if (flags[start + i] !== 0 || (breakAll && isLetterBoundary(text, i)) || (breakSpaces && isSpace(text.charCodeAt(i - 1)))) {
          units.push(textUnit(fonts, item, text.slice(from, i), true))
          from = i
        }
      }
    }
    const end = start + text.length
    const atEnd = wrap && flags[end] !== 0 && end < paragraph.length
    units.push(textUnit(fonts, item, from === 0 ? text : text.slice(from), atEnd))
    ends.push(units.length)
    start = end
  }
  return { fonts, units: fitted(units), ends: fitted(ends), atomics, edgesUsePercent, all: null, allWidth: 0 }
}

/**
 * Cuts inline items into units. `atomicWidth` gives the margin-box width of an inline-block or image (layout
 * lays it out; intrinsic sizing asks for its max-content width). Without atomic boxes the list is the one the
 * last call made when it is the same (edges measure the same), so it is read-only: copy it to change it.
 */
export function inlineUnits(items: InlineItem[], fonts: FontStore, cbWidth: number, atomicWidth: (box: Box) => number, container: ComputedStyle): readonly Unit[] {
  const cut = textUnitsOf(items, fonts)
  if (cut.atomics) return buildUnits(items, cut, cbWidth, atomicWidth, container)
  if (!cut.all || (cut.edgesUsePercent && cut.allWidth !== cbWidth)) {
    cut.all = buildUnits(items, cut, cbWidth, atomicWidth, container)
    cut.allWidth = cbWidth
  }
  return cut.all
}

function buildUnits(items: InlineItem[], cut: CutText, cbWidth: number, atomicWidth: (box: Box) => number, container: ComputedStyle): Unit[] {
  const { units: texts, ends } = cut
  // Text alone (a table cell's, most often): the units are the text's, in order.
  if (items.every((item) => item.kind === 'text')) return texts
  const units: Unit[] = []
  // The open inlines: the innermost one's white-space rules the wrap opportunities beside an atomic box
  // inside it (CSS Text 3 §5.1: the nearest common ancestor's), the container's outside any.
  const open: ComputedStyle[] = []
  for (let k = 0; k < items.length; k++) {
    const item = items[k]
    switch (item.kind) {
      case 'open':
        open.push(item.style)
        units.push({ kind: 'open', style: item.style, link: item.link, width: inlineEdgeStart(item.style, cbWidth), canBreakAfter: false, el: item.el })
        break
      case 'close':
        open.pop()
        units.push({ kind: 'close', style: item.style, link: null, width: inlineEdgeEnd(item.style, cbWidth), canBreakAfter: false, el: null })
        break
      case 'br':
        units.push({ kind: 'br', style: item.style, width: 0, canBreakAfter: true })
        break
      case 'out-of-flow':
        units.push({ kind: 'out-of-flow', box: item.box, style: item.style, width: 0, canBreakAfter: false })
        break
      case 'atomic': {
        // A break opportunity before the box and after it, unless white-space forbids wrapping there.
        const wrap = wraps(open.length ? open[open.length - 1] : container)
        if (units.length && wrap) units[units.length - 1].canBreakAfter = true
        units.push({ kind: 'atomic', box: item.box, style: item.style, link: item.link, width: atomicWidth(item.box), canBreakAfter: wrap })
        break
      }
      case 'text':
        for (let t = k === 0 ? 0 : ends[k - 1]; t < ends[k]; t++) units.push(texts[t])
    }
  }
  return fitted(units)
}

function edgeUsesPercent(style: ComputedStyle): boolean {
  return marginPercent(style.marginLeft) || marginPercent(style.marginRight) || style.paddingLeft.pct !== 0 || style.paddingRight.pct !== 0
}

function marginPercent(d: ComputedStyle['marginLeft']): boolean {
  return d !== 'auto' && d.pct !== 0
}

function isLetterBoundary(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  // Never inside a surrogate pair.
  return !(c >= 0xdc00 && c <= 0xdfff)
}

/**
 * Cuts an over-long text unit so that its head fits in `room` (overflow-wrap: break-word / anywhere): the
 * most code points (at least one) whose width fits. Measuring halves of all of a long word on every line was
 * quadratic (a 20,000-character word: 21 s), so the search starts where the characters' own widths, added
 * up, reach `room`, and measures the head itself only a few times around that (kerning moves it a character
 * or two); past a few steps it doubles and halves, which never measures more than twice the head.
 */
export function splitUnit(fonts: FontStore, unit: TextUnit, room: number): [TextUnit, TextUnit] | null {
  const text = unit.text
  const style = unit.item.style
  // offsets[k]: where the first k code points end, filled only as far as the search reaches.
  const offsets = [0]
  const offsetOf = (k: number): number => {
    while (offsets.length <= k && offsets[offsets.length - 1] < text.length) offsets.push(nextCodePoint(text, offsets[offsets.length - 1]))
    return offsets[Math.min(k, offsets.length - 1)]
  }
  /** Whether k code points leave a tail (the tail is never empty). */
  const short = (k: number) => offsetOf(k) < text.length
  const fits = (k: number) => measureText(fonts, style, text.slice(0, offsetOf(k))).width <= room
  if (!short(1)) return null
  let best = nearFit(fonts, unit, room, short, fits)
  if (best === 0) {
    // The largest k that fits, by doubling then halving.
    let lo = 1
    let hi = 2
    while (short(hi) && fits(hi)) { lo = hi; hi *= 2 }
    hi = short(hi) ? hi - 1 : offsets.length - 2
    best = lo
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (fits(mid)) { best = mid; lo = mid + 1 } else hi = mid - 1
    }
  }
  const cut = offsetOf(best)
  const head = textUnit(fonts, unit.item, text.slice(0, cut), true)
  return [head, tailUnit(fonts, unit, head, text.slice(cut))]
}

/**
 * The largest k that fits, found from the estimate the characters' own widths give, when a few steps either
 * way confirm it (k fits, k + 1 does not or is the whole unit); 0 when they do not.
 */
function nearFit(fonts: FontStore, unit: TextUnit, room: number, short: (k: number) => boolean, fits: (k: number) => boolean): number {
  const text = unit.text
  let estimate = 0
  let sum = 0
  for (let i = 0; i < text.length && short(estimate + 1);) {
    const next = nextCodePoint(text, i)
    sum += measurePiece(fonts, unit.item.style, text.slice(i, next)).width
    if (sum > room) break
    estimate++
    i = next
  }
  let k = Math.max(1, estimate)
  for (let step = 0; step < 4; step++) {
    if (fits(k)) {
      if (!short(k + 1) || !fits(k + 1)) return k
      k++
    } else {
      if (k === 1) return 1
      k--
    }
  }
  return 0
}

/** The tail of a text unit measured on its own, but only when short; a long one is the unit less its head. */
function tailUnit(fonts: FontStore, unit: TextUnit, head: TextUnit, tail: string): TextUnit {
  if (tail.length <= LONG_TAIL) return textUnit(fonts, unit.item, tail, unit.canBreakAfter)
  const spans: FaceSpan[] = []
  let skip = head.text.length
  for (const span of unit.spans) {
    if (skip >= span.text.length) { skip -= span.text.length; continue }
    const width = skip === 0 ? span.width : span.width - fonts.width(span.face, span.text.slice(0, skip), unit.item.style.fontSize)
    spans.push({ face: span.face, text: skip === 0 ? span.text : span.text.slice(skip), width })
    skip = 0
  }
  return { kind: 'text', item: unit.item, text: tail, spans, width: unit.width - head.width, trailing: unit.trailing, spaces: unit.spaces - head.spaces, canBreakAfter: unit.canBreakAfter }
}

/** Tails longer than this (UTF-16 units) take their width from the unit's; a kerning pair across the cut is all it misses. */
const LONG_TAIL = 2048

function nextCodePoint(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1)
    if (d >= 0xdc00 && d <= 0xdfff) return i + 2
  }
  return i + 1
}
