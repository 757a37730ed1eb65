// Inline formatting context → line boxes: greedy filling at break opportunities, floats narrowing lines,
// vertical alignment on the baseline, text-align (justify spreads the spaces), inline box decorations.
import type { ComputedStyle, StyledElement } from '../document/styled-tree.js'
import type { BlockBox, Box, InlineItem } from './boxes.js'
import { len } from './box-edges.js'
import { availableBand, type FloatContext } from './float-context.js'
import { translateFrag, type BoxFrag, type Frag, type LinkFrag, type TextFrag } from './fragments.js'
import { relativeOffset } from './relative-offset.js'
import { codePoints, inlineUnits, splitUnit, textUnit, type TextUnit, type Unit } from './inline-units.js'
import { lineNeedsBidi, resolveLineLevels, visualOrder } from './bidi-line.js'
import { baselineShift, inlineExtent, type Extent } from './inline-metrics.js'
import type { ContainingBlock, LayoutContext } from './layout-context.js'
import { layoutAtomic, type PlacedAtomic } from './layout-atomic.js'
import { floatOuterWidth, layoutFloat } from './layout-float.js'

export interface InlineResult {
  frags: Frag[]
  height: number
  firstBaseline: number | null
  lastBaseline: number | null
}

const EPS = 0.01

type Shift = number | 'top' | 'bottom'

/** `counted`: the box's font metrics are in the line box being placed (see the line height quirk in placeLine). */
interface OpenBox { style: ComputedStyle; el: StyledElement | null; shift: Shift; startX: number; fragIndex: number; continued: boolean; extent: Extent; counted: boolean }

/** `level`: the piece's bidi level (0 on lines without right-to-left text). */
interface Placed { unit: Unit; x: number; w: number; shift: Shift; extent: Extent; box: OpenBox | null; level: number }

/** One inline formatting context being laid out: what every line reads, and the line being placed (set before placeLine, and by it). */
interface LineInput {
  ctx: LayoutContext
  style: ComputedStyle
  open: OpenBox[]
  frags: Frag[]
  atomics: Map<Box, PlacedAtomic> | null
  top: number
  left: number
  width: number
  last: boolean
  /** Line box height and baseline, and how far the line reaches above and below the root baseline. */
  height: number
  baseline: number
  minTop: number
  maxBottom: number
  /** The link fragment the next linked piece on this line may extend. */
  link: LinkFrag | null
  /** Whether the line being placed went through the bidi algorithm (its pieces may be out of logical order). */
  bidi: boolean
  /** The containing block of the inline boxes: what their percentage offsets resolve against. */
  cb: ContainingBlock
}

export function layoutInline(box: BlockBox, cb: ContainingBlock, top: number, ctx: LayoutContext, floats: FloatContext): InlineResult {
  const style = box.style
  const frags: Frag[] = []
  const input: LineInput = {
    ctx, style, open: [], frags, atomics: null, top, left: 0, width: 0, last: false,
    height: 0, baseline: 0, minTop: 0, maxBottom: 0, link: null, bidi: false, cb,
  }
  // The callback only when there are atomic boxes to lay out: a closure per paragraph (per table cell) otherwise.
  let units = inlineUnits(box.inline!, ctx.fonts, cb.width, hasAtomic(box.inline!) ? (atomic) => {
    const placed = layoutAtomic(atomic, cb, ctx)
    ;(input.atomics ??= new Map()).set(atomic, placed)
    return placed.outerWidth
  } : noAtomics, box.style)
  const strut = inlineExtent(ctx.fonts, style)
  const strutHeight = strut.above + strut.below
  const indent = len(style.textIndent, cb.width)
  const wrapAnywhere = style.overflowWrap !== 'normal' || style.wordBreak === 'break-word'
  const fullBand = { left: cb.x, right: cb.x + cb.width }
  // Top and bottom of each line box, flat; the first line's in variables, the list made for a second line (a
  // list per paragraph, made for one line, was a per-cell cost of long tables).
  let lineSpans: number[] | null = null
  let lines = 0
  let firstTop = 0
  let firstBottom = 0
  let y = top
  let i = 0
  let firstBaseline: number | null = null
  let lastBaseline: number | null = null
  // Floats and absolute boxes met while filling a line are placed once: a line that is moved down past a float,
  // or that breaks before the float's unit, reads that unit again (placing it again looped, a float per retry).
  let placedOutOfFlow: Set<Box> | null = null

  let ownUnits = false
  // The height the room beside the floats is measured over: the strut's, then the line's own when it came out
  // taller and a float lower down narrows it there (the line is then filled again in the narrower room).
  let bandHeight = strutHeight
  let refills = 0
  // Floats placed before the line: only they narrow it when it is taller (those met in it come after it).
  let floatsBefore = floats.floats.length
  while (i < units.length) {
    const first = lines === 0
    if (refills === 0) floatsBefore = floats.floats.length
    // Floats met on the line that do not fit in what is left of it: placed below it (CSS 2 §9.5.1 rule 6, Chromium).
    let deferred: { box: Box; at: number }[] | null = null
    let band = bandAt(floats, y, bandHeight, cb, fullBand)
    let avail = band.right - band.left - (first ? indent : 0)
    let pos = 0
    let lastBreak = -1
    let end = -1
    let forced = false
    let overflowing = false
    let hanging = 0
    for (let j = i; j < units.length; j++) {
      const u = units[j]
      if (u.kind === 'br') { end = j + 1; forced = true; break }
      if (u.kind === 'out-of-flow') {
        if (placedOutOfFlow?.has(u.box)) continue
        if (pos - hanging > EPS && u.box.style.float !== 'none' && pos - hanging + floatOuterWidth(u.box, cb, ctx) > avail + EPS) {
          ;(deferred ??= []).push({ box: u.box, at: j })
          continue
        }
        ;(placedOutOfFlow ??= new Set()).add(u.box)
        placeOutOfFlow(u.box, cb, y, band.left + pos, ctx, floats, frags)
        band = bandAt(floats, y, bandHeight, cb, fullBand)
        avail = band.right - band.left - (first ? indent : 0)
        continue
      }
      // Letter spacing after the last character of a line is not counted (CSS Text 3 §8.2), as in Chromium;
      // nor are collapsible spaces that end it, even before the end tags of inline boxes ("b </a>").
      if (u.kind === 'text') hanging = u.trailing + Math.max(0, u.item.style.letterSpacing)
      else if (u.kind !== 'close') hanging = 0
      if (!overflowing && pos + u.width - hanging > avail + EPS) {
        if (lastBreak >= i) { end = lastBreak + 1; break }
        const narrowed = band.left > cb.x + EPS || band.right < cb.x + cb.width - EPS
        if (narrowed && pos === 0) {
          // Nothing fits beside the floats: move the line below the first of them to end.
          const below = firstFloatEndBelow(floats, y)
          if (below !== null) { y = below; j = i - 1; deferred = null; band = bandAt(floats, y, bandHeight, cb, fullBand); avail = band.right - band.left - (first ? indent : 0); continue }
        }
        if (u.kind === 'text' && wrapAnywhere && avail - pos > 0) {
          const parts = splitUnit(ctx.fonts, u, avail - pos)
          if (parts) {
            // The unit list may be shared with other calls: cut a copy, once per paragraph (a long word
            // is cut once per line).
            if (!ownUnits) { units = units.slice(); ownUnits = true }
            ;(units as Unit[]).splice(j, 1, parts[0], parts[1])
            end = j + 1
            break
          }
        }
        overflowing = true
      }
      pos += u.width
      if (u.canBreakAfter) {
        lastBreak = j
        if (overflowing) { end = j + 1; break }
      }
    }
    if (end < 0) end = units.length
    // A closing edge stays with the content it closes.
    while (end < units.length && units[end].kind === 'close') end++
    input.top = y
    // text-indent is on the start side: the right of a right-to-left paragraph.
    input.left = band.left + (first && style.direction === 'ltr' ? indent : 0)
    input.width = avail
    input.last = end >= units.length || forced
    const mark = frags.length
    const hasContent = placeLine(units, i, end, input)
    if (floats.floats.length && input.height > bandHeight + EPS && refills < MAX_REFILLS) {
      const earlier = floatsBefore === floats.floats.length ? floats : { floats: floats.floats.slice(0, floatsBefore) }
      const taller = bandAt(earlier, y, input.height, cb, fullBand)
      if (taller.left > band.left + EPS || taller.right < band.right - EPS) {
        frags.length = mark
        bandHeight = input.height
        refills++
        continue
      }
    }
    bandHeight = strutHeight
    refills = 0
    if (input.height > 0 || hasContent) {
      if (lines === 0) { firstTop = y; firstBottom = y + input.height }
      else (lineSpans ??= [firstTop, firstBottom]).push(y, y + input.height)
      lines++
      if (firstBaseline === null) firstBaseline = input.baseline
      lastBaseline = input.baseline
      y += input.height
    }
    if (deferred) {
      for (const f of deferred) {
        // A float after where the line broke is read again on the next line.
        if (f.at >= end) continue
        ;(placedOutOfFlow ??= new Set()).add(f.box)
        frags.push(layoutFloat(f.box, cb, y, ctx, floats))
      }
    }
    i = end
  }
  if (lineSpans) recordLines(ctx, style, lineSpans)
  else if (lines === 1 && ctx.flow) ctx.flow.hard.push([firstTop, firstBottom])
  return { frags, height: y - top, firstBaseline, lastBaseline }
}

/** Times a line is filled again in a narrower room beside floats before it keeps what it has. */
const MAX_REFILLS = 4

/** The room beside the floats at `y` (without floats, the whole width: the common case allocates nothing). */
function bandAt(floats: FloatContext, y: number, height: number, cb: ContainingBlock, fullBand: { left: number; right: number }): { left: number; right: number } {
  return floats.floats.length === 0 ? fullBand : availableBand(floats, y, height, cb.x, cb.x + cb.width)
}

function hasAtomic(items: InlineItem[]): boolean {
  for (const item of items) if (item.kind === 'atomic') return true
  return false
}

function noAtomics(): number {
  throw new Error('an atomic inline box without a callback to lay it out')
}

function firstFloatEndBelow(floats: FloatContext, y: number): number | null {
  let below: number | null = null
  for (const f of floats.floats) {
    if (f.y + f.h > y + EPS) below = below === null ? f.y + f.h : Math.min(below, f.y + f.h)
  }
  return below
}

function placeOutOfFlow(box: Box, cb: ContainingBlock, y: number, x: number, ctx: LayoutContext, floats: FloatContext, frags: Frag[]): void {
  if (box.style.float !== 'none') { frags.push(layoutFloat(box, cb, y, ctx, floats)); return }
  ctx.absolute[ctx.absolute.length - 1]?.push({ box, staticX: x, staticY: y })
}

function recordLines(ctx: LayoutContext, style: ComputedStyle, spans: number[]): void {
  const flow = ctx.flow
  if (!flow) return
  for (let k = 0; k < spans.length; k += 2) flow.hard.push([spans[k], spans[k + 1]])
  const n = spans.length / 2
  if (n < 2) return
  const orphans = Math.max(1, style.orphans || 2)
  const widows = Math.max(1, style.widows || 2)
  if (orphans > 1) flow.soft.push([spans[0], spans[2 * (Math.min(orphans, n) - 1) + 1]])
  // Widows never take lines the orphans keep (Chromium): a 3-line paragraph with room for two lines splits
  // 2 + 1 instead of moving whole to the next page.
  const firstWidow = Math.max(Math.min(orphans, n), n - widows)
  if (widows > 1 && n - firstWidow > 1) flow.soft.push([spans[2 * firstWidow], spans[2 * n - 1]])
}

/**
 * Arrays one line is placed with, reused from line to line (placing a line never lays out anything else):
 * the line's units (spaces trimmed), their placement, the inline boxes open at each point, and boxes aligned
 * with the line box's top or bottom, settled once its height is known.
 */
const scratch = { units: [] as Unit[], placed: [] as Placed[], stack: [] as OpenBox[], aligned: [] as { shift: 'top' | 'bottom'; extent: Extent }[] }

/** Nothing of a placed line stays reachable from the scratch arrays. */
function clearScratch(): void {
  scratch.units.length = 0
  scratch.placed.length = 0
  scratch.stack.length = 0
  scratch.aligned.length = 0
}

/** Places units[start, end) as one line box: sets the input's height and baseline; whether it has content. */
function placeLine(all: readonly Unit[], start: number, end: number, input: LineInput): boolean {
  const { ctx, style } = input
  const fonts = ctx.fonts
  const units = scratch.units
  for (let k = start; k < end; k++) units.push(all[k])
  // Hang trailing spaces: trim the last text unit of the line. Preserved spaces (pre-wrap, break-spaces)
  // still make a line box when nothing else is on the line, as in Chromium (`a\n   ` is two lines).
  let preservedSpaces = false
  for (let k = units.length - 1; k >= 0; k--) {
    const u = units[k]
    if (u.kind === 'close' || u.kind === 'out-of-flow' || u.kind === 'br') continue
    if (u.kind === 'text' && u.trailing > 0) {
      preservedSpaces = !hangsStyle(u.item.style)
      let e = u.text.length
      while (e > 0 && u.text.charCodeAt(e - 1) === 32) e--
      units[k] = withText(fonts, u, u.text.slice(0, e))
    } else if (u.kind === 'text' && end < all.length && u.text.charCodeAt(u.text.length - 1) === 0xad) {
      // The line breaks at a soft hyphen: it shows as a hyphen, as in Chromium.
      units[k] = withText(fonts, u, `${u.text.slice(0, -1)}-`)
    }
    break
  }
  // Leading collapsible spaces at the start of a wrapped line disappear.
  let f = 0
  while (f < units.length && units[f].kind !== 'text' && units[f].kind !== 'atomic') f++
  const firstText = units[f]
  if (firstText && firstText.kind === 'text' && firstText.text.charCodeAt(0) === 32 && hangsStyle(firstText.item.style)) {
    let b = 0
    while (b < firstText.text.length && firstText.text.charCodeAt(b) === 32) b++
    units[f] = withText(fonts, firstText, firstText.text.slice(b))
  }

  input.bidi = lineNeedsBidi(units, style, input.open)
  const levels = input.bidi ? resolveLineLevels(fonts, units, style, input.open) : null

  let contentWidth = 0
  let spaces = 0
  let hasContent = false
  for (const u of units) {
    contentWidth += u.width
    if (u.kind === 'text') { spaces += u.spaces; if (u.text) hasContent = true }
    if (u.kind === 'atomic' || u.kind === 'br') hasContent = true
    if ((u.kind === 'open' || u.kind === 'close') && u.width > 0) hasContent = true
  }
  if (preservedSpaces) hasContent = true
  if (!hasContent && input.open.length === 0) {
    // Only out-of-flow boxes or collapsed space: no line box (CSS 2 §9.4.2).
    for (const u of units) {
      if (u.kind === 'open') input.open.push(openBox(fonts, u.style, u.el, input, 0, true))
      if (u.kind === 'close') input.open.pop()
    }
    input.height = 0
    input.baseline = input.top
    clearScratch()
    return false
  }

  const free = Math.max(0, input.width - contentWidth)
  const rtl = style.direction === 'rtl'
  const startSide = rtl ? 'right' : 'left'
  // The last line and a line before a forced break follow text-align-last; auto: text-align, but a justified
  // paragraph's last line (and a line without spaces) is aligned to the start side.
  const alignLast = input.last && style.textAlignLast !== 'auto'
  const side = alignLast ? style.textAlignLast : style.textAlign
  let align = side === 'start' ? startSide : side === 'end' ? (rtl ? 'left' : 'right') : side === 'auto' ? startSide : side
  if (align === 'justify' && rtl && ((input.last && !alignLast) || spaces === 0)) align = startSide
  let x = input.left
  let spaceExtra = 0
  if (align === 'right') x += free
  else if (align === 'center') x += free / 2
  else if (align === 'justify' && (!input.last || alignLast) && spaces > 0) spaceExtra = free / spaces

  // Horizontal placement and each piece's vertical extent.
  const strut = inlineExtent(fonts, style)
  // Chromium's line height calculation quirk (quirks mode, quirks.spec.whatwg.org): the root's strut and an
  // inline box's font metrics count only once text (or a <br>) sits directly in it, or, for a box, once it has
  // padding or borders on its inline sides; otherwise the line is as tall as what it holds — small text in
  // a large-font cell makes a small line, a line of images alone has no descender gap. A list item's marker
  // is text of its root (Chromium 156: an <li> with only an image is 54 px for a 50 px image, a div 50).
  const quirky = input.ctx.quirks === true && style.display !== 'list-item'
  // The line box spans its boxes' extents alone (CSS 2 §10.8): a strut with a line height below its glyphs'
  // height (`line-height: 0`) reaches from above the baseline to above it, and the line is 0 tall.
  input.minTop = Infinity
  input.maxBottom = -Infinity
  let rootCounted = !quirky
  const count = (box: OpenBox | undefined): void => {
    if (box) {
      if (!box.counted) { box.counted = true; reach(input, box.shift, box.extent) }
    } else if (!rootCounted) {
      rootCounted = true
      reach(input, 0, strut)
    }
  }
  if (!quirky) reach(input, 0, strut)
  const stack = scratch.stack
  for (const box of input.open) {
    box.startX = x
    box.fragIndex = input.frags.length
    box.continued = true
    box.counted = !quirky
    if (!quirky) reach(input, box.shift, box.extent)
    stack.push(box)
  }
  const placed = scratch.placed
  const lineStart = x
  for (let k = 0; k < units.length; k++) {
    const u = units[k]
    const level = levels ? levels[k] : 0
    const parent = stack[stack.length - 1]
    const parentShift = parent && typeof parent.shift === 'number' ? parent.shift : 0
    const parentStyle = parent?.style ?? style
    if (u.kind === 'open') {
      const box = openBox(fonts, u.style, u.el, input, 0, false)
      box.shift = baselineShift(fonts, u.style, parentStyle, parentShift, box.extent)
      stack.push(box)
      box.counted = false
      if (!quirky || decoratedInline(u.style)) count(box)
      placed.push({ unit: u, x, w: u.width, shift: box.shift, extent: box.extent, box, level })
      x += u.width
      continue
    }
    if (u.kind === 'br') count(parent)
    if (u.kind === 'close') {
      if (quirky && parent && decoratedInline(parent.style)) count(parent)
      stack.pop()
      placed.push({ unit: u, x, w: u.width, shift: parentShift, extent: strut, box: null, level })
      x += u.width
      continue
    }
    if (u.kind === 'text') {
      // Small capitals are one run of text with the element's font in Chromium: the line box is sized by it.
      const textStyle = u.item.caps ? u.item.caps.full : u.item.style
      const extent = inlineExtent(fonts, textStyle)
      // Glyphs from a fallback font stretch the line only under line-height: normal; a fixed line height is
      // laid out with the primary font's metrics alone (Chromium's include_used_fonts).
      if (textStyle.lineHeight.kind === 'normal') {
        for (const span of u.spans) {
          if (span.face !== fonts.faceOf(textStyle)) reach(input, parentShift, inlineExtent(fonts, textStyle, span.face))
        }
      }
      if (u.text || preservedSpaces) count(parent)
      const w = u.width + spaceExtra * u.spaces
      placed.push({ unit: u, x, w, shift: parentShift, extent, box: null, level })
      x += w
      continue
    }
    if (u.kind === 'atomic') {
      const a = input.atomics!.get(u.box)!
      const extent = { above: a.baseline, below: a.outerHeight - a.baseline }
      const shift = baselineShift(fonts, u.box.style, parentStyle, parentShift, extent)
      reach(input, shift, extent)
      placed.push({ unit: u, x, w: u.width, shift, extent, box: null, level })
      x += u.width
    }
  }

  if (input.minTop > input.maxBottom) { input.minTop = 0; input.maxBottom = 0 }
  for (const e of scratch.aligned) {
    const h = e.extent.above + e.extent.below
    if (e.shift === 'top') input.maxBottom = Math.max(input.maxBottom, input.minTop + h)
    else input.minTop = Math.min(input.minTop, input.maxBottom - h)
  }
  input.height = input.maxBottom - input.minTop
  input.baseline = input.top - input.minTop
  if (levels) {
    // UAX #9 L2: the pieces from the line's start edge in visual order.
    let vx = lineStart
    for (const k of visualOrder(placed.map((p) => p.level))) { placed[k].x = vx; vx += placed[k].w }
  }

  emitFrags(input, spaceExtra)
  clearScratch()
  return true
}

/** A text unit with its spaces trimmed away (an empty one when nothing is left). */
function withText(fonts: LayoutContext['fonts'], u: TextUnit, text: string): TextUnit {
  if (text) return textUnit(fonts, u.item, text, u.canBreakAfter)
  return { kind: 'text', item: u.item, text: '', spans: [], width: 0, trailing: 0, spaces: 0, canBreakAfter: u.canBreakAfter }
}

/** Widens the line to hold a piece whose baseline is at `shift` (line-box aligned pieces wait for the rest). */
function reach(line: LineInput, shift: Shift, extent: Extent): void {
  if (typeof shift === 'number') {
    line.minTop = Math.min(line.minTop, shift - extent.above)
    line.maxBottom = Math.max(line.maxBottom, shift + extent.below)
  } else {
    scratch.aligned.push({ shift, extent })
  }
}

/** Baseline offset of a placed piece from the root baseline, once the line box is settled. */
function resolveShift(line: LineInput, shift: Shift, extent: Extent): number {
  return shift === 'top' ? line.minTop + extent.above : shift === 'bottom' ? line.maxBottom - extent.below : shift
}

/** An inline box with padding or borders on its inline sides: its metrics count on a quirks-mode line (margins do not). */
function decoratedInline(style: ComputedStyle): boolean {
  return style.paddingLeft.px + style.paddingRight.px + style.borderLeft.width + style.borderRight.width !== 0
}

function hangsStyle(style: ComputedStyle): boolean {
  return style.whiteSpace === 'normal' || style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre-line'
}

function openBox(fonts: LayoutContext['fonts'], style: ComputedStyle, el: StyledElement | null, input: LineInput, x: number, continued: boolean): OpenBox {
  return { style, el, shift: 0, startX: x, fragIndex: input.frags.length, continued, extent: inlineExtent(fonts, style), counted: true }
}

function emitFrags(input: LineInput, spaceExtra: number): void {
  const { frags, open, baseline } = input
  const placed = scratch.placed
  const lineTop = input.top
  const lineHeight = input.height
  input.link = null
  for (const p of placed) {
    const u = p.unit
    if (u.kind === 'open' && p.box) {
      p.box.startX = p.x + (u.style.marginLeft === 'auto' ? 0 : len(u.style.marginLeft, 0))
      p.box.fragIndex = frags.length
      open.push(p.box)
      continue
    }
    if (u.kind === 'close') {
      const box = open.pop()
      if (!box) continue
      const endX = p.x + u.width - marginRight(box.style)
      // A box reordered right to left closes left of where it opened.
      if (input.bidi && endX < box.startX) {
        const openX = box.startX
        box.startX = endX - u.width + marginRight(box.style)
        decorateInlineBox(box, openX, true, input)
      } else decorateInlineBox(box, endX, true, input)
      if (box.style.position === 'relative') shiftRelative(box, box.fragIndex, input)
      continue
    }
    if (u.kind === 'atomic') {
      const a = input.atomics!.get(u.box)!
      const shift = resolveShift(input, p.shift, p.extent)
      a.place(p.x, baseline + shift - a.baseline)
      frags.push(a.frag)
      addLink(input, u.link, p.x, p.w, u.box.el)
      continue
    }
    if (u.kind !== 'text' || !u.text) continue
    const style = u.item.style
    const shift = resolveShift(input, p.shift, p.extent)
    // Spans of one right-to-left word (fallback faces) go right to left too.
    const backwards = (p.level & 1) === 1 && u.spans.length > 1
    let x = backwards ? p.x + p.w : p.x
    for (const span of u.spans) {
      const chars = style.letterSpacing ? codePoints(span.text) : 0
      let spaces = 0
      for (let k = 0; k < span.text.length; k++) if (span.text.charCodeAt(k) === 32) spaces++
      const extra = style.wordSpacing + spaceExtra
      const w = span.width + style.letterSpacing * chars + extra * spaces
      if (backwards) x -= w
      const prev = frags[frags.length - 1]
      if (prev && prev.kind === 'text' && prev.face === span.face && prev.size === style.fontSize && prev.color === style.color &&
        prev.letterSpacing === style.letterSpacing && prev.spaceExtra === extra && prev.decoration === u.item.decoration && prev.shadows === (style.textShadow.length ? style.textShadow : null) &&
        prev.baseline === baseline + shift && Math.abs(prev.x + prev.w - x) < 0.001 && (prev.el ?? null) === (u.item.owner ?? null)) {
        if (prev.actualText !== undefined || u.item.caps?.lowered) prev.actualText = (prev.actualText ?? prev.text) + (u.item.caps?.lowered ? span.text.toLowerCase() : span.text)
        prev.text += span.text
        prev.w += w
      } else {
        const frag: TextFrag = {
          kind: 'text', x, baseline: baseline + shift, y: lineTop, h: lineHeight, w, text: span.text, face: span.face,
          size: style.fontSize, color: style.color, letterSpacing: style.letterSpacing, spaceExtra: extra,
          decoration: u.item.decoration, opacity: 1, shadows: style.textShadow.length ? style.textShadow : null,
          // In the literal (undefined without an owner), as layout-block.ts does for boxes.
          el: u.item.owner || undefined,
        }
        if (u.item.caps?.lowered) frag.actualText = span.text.toLowerCase()
        frags.push(frag)
      }
      if (!backwards) x += w
    }
    addLink(input, u.item.link, p.x, p.w, u.item.owner)
  }
  // Boxes still open continue on the next line: draw what they cover on this one.
  const lastPlaced = placed[placed.length - 1]
  const lineEnd = lastPlaced ? lastPlaced.x + lastPlaced.w : input.left
  let inserted = 0
  const starts: number[] = []
  for (const box of open) {
    starts.push(box.fragIndex + inserted)
    if (decorateInlineBox(box, lineEnd, false, input)) inserted++
  }
  open.forEach((box, k) => { if (box.style.position === 'relative') shiftRelative(box, starts[k], input) })
}

/** A relatively positioned inline box's pieces on this line, from `from` on, drawn shifted (CSS 2 §9.4.3). */
function shiftRelative(box: OpenBox, from: number, input: LineInput): void {
  const { dx, dy } = relativeOffset(box.style, input.cb)
  for (let k = from; k < input.frags.length; k++) translateFrag(input.frags[k], dx, dy)
}

/** A link area over a linked piece, merged with the previous one when they touch on the same target. */
function addLink(input: LineInput, href: string | null, x: number, w: number, owner?: StyledElement | null): void {
  if (!href) { input.link = null; return }
  const link = input.link
  if (link && link.href === href && Math.abs(link.x + link.w - x) < 1) { link.w = x + w - link.x; return }
  input.link = { kind: 'link', x, y: input.top, w, h: input.height, href }
  if (owner) input.link.el = owner
  input.frags.push(input.link)
}

function marginRight(style: ComputedStyle): number {
  return style.marginRight === 'auto' ? 0 : len(style.marginRight, 0)
}

/** Background and borders of an inline box on one line, put under the text it covers. */
function decorateInlineBox(box: OpenBox, endX: number, closing: boolean, input: LineInput): boolean {
  const s = box.style
  const hasBorder = drawn(s.borderTop) || drawn(s.borderRight) || drawn(s.borderBottom) || drawn(s.borderLeft)
  if (!s.backgroundColor && !hasBorder && s.backgroundLayers.length === 0) return false
  const fonts = input.ctx.fonts
  const m = fonts.metrics(fonts.faceOf(s), s.fontSize)
  const shift = resolveShift(input, box.shift, box.extent)
  const baseline = input.baseline
  const padTop = len(s.paddingTop, 0) + (s.borderTop.style === 'none' ? 0 : s.borderTop.width)
  const padBottom = len(s.paddingBottom, 0) + (s.borderBottom.style === 'none' ? 0 : s.borderBottom.width)
  const top = baseline + shift - m.ascent - padTop
  const frag: BoxFrag = {
    kind: 'box', x: box.startX, y: top, w: Math.max(0, endX - box.startX), h: m.ascent + m.descent + padTop + padBottom,
    style: s, children: [], positioned: false,
    sides: { top: true, bottom: true, left: !box.continued, right: closing },
  }
  if (box.el) frag.el = box.el
  input.frags.splice(box.fragIndex, 0, frag)
  return true
}

function drawn(border: ComputedStyle['borderTop']): boolean {
  return border.style !== 'none' && border.width > 0
}
