// Inline formatting context → line boxes: greedy filling at break opportunities, floats narrowing lines,
// vertical alignment on the baseline, text-align (justify spreads the spaces), inline box decorations.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox, Box } from './boxes.js'
import { len } from './box-edges.js'
import { availableBand, type FloatContext } from './float-context.js'
import { type BoxFrag, type Frag, type LinkFrag, type TextFrag } from './fragments.js'
import { inlineUnits, splitUnit, textUnit, type TextUnit, type Unit } from './inline-units.js'
import { baselineShift, inlineExtent, type Extent } from './inline-metrics.js'
import type { ContainingBlock, LayoutContext } from './layout-context.js'
import { layoutAtomic, type PlacedAtomic } from './layout-atomic.js'
import { layoutFloat } from './layout-block.js'

export interface InlineResult {
  frags: Frag[]
  height: number
  firstBaseline: number | null
  lastBaseline: number | null
}

const EPS = 0.01

interface OpenBox { style: ComputedStyle; shift: number | 'top' | 'bottom'; startX: number; fragIndex: number; continued: boolean; extent: Extent }

export function layoutInline(box: BlockBox, cb: ContainingBlock, top: number, ctx: LayoutContext, floats: FloatContext): InlineResult {
  const style = box.style
  const atomics = new Map<Box, PlacedAtomic>()
  const units = inlineUnits(box.inline!, ctx.fonts, cb.width, (atomic) => {
    const placed = layoutAtomic(atomic, cb, ctx)
    atomics.set(atomic, placed)
    return placed.outerWidth
  })
  const frags: Frag[] = []
  const strut = inlineExtent(ctx.fonts, style)
  const indent = len(style.textIndent, cb.width)
  const wrapAnywhere = style.overflowWrap !== 'normal' || style.wordBreak === 'break-word'
  const open: OpenBox[] = []
  const lineSpans: [number, number][] = []
  let y = top
  let i = 0
  let firstBaseline: number | null = null
  let lastBaseline: number | null = null

  while (i < units.length) {
    const first = lineSpans.length === 0
    let band = availableBand(floats, y, strut.above + strut.below, cb.x, cb.x + cb.width)
    let avail = band.right - band.left - (first ? indent : 0)
    let pos = 0
    let lastBreak = -1
    let end = -1
    let forced = false
    let overflowing = false
    for (let j = i; j < units.length; j++) {
      const u = units[j]
      if (u.kind === 'br') { end = j + 1; forced = true; break }
      if (u.kind === 'out-of-flow') {
        placeOutOfFlow(u.box, cb, y, band.left + pos, ctx, floats, frags)
        band = availableBand(floats, y, strut.above + strut.below, cb.x, cb.x + cb.width)
        avail = band.right - band.left - (first ? indent : 0)
        continue
      }
      // Letter spacing after the last character of a line is not counted (CSS Text 3 §8.2), as in Chromium.
      const trailing = u.kind === 'text' ? u.trailing + Math.max(0, u.item.style.letterSpacing) : 0
      if (!overflowing && pos + u.width - trailing > avail + EPS) {
        if (lastBreak >= i) { end = lastBreak + 1; break }
        const narrowed = band.left > cb.x + EPS || band.right < cb.x + cb.width - EPS
        if (narrowed && pos === 0) {
          // Nothing fits beside the floats: move the line below the first of them to end.
          const below = floats.floats.filter((f) => f.y + f.h > y + EPS).map((f) => f.y + f.h)
          if (below.length) { y = Math.min(...below); j = i - 1; band = availableBand(floats, y, strut.above + strut.below, cb.x, cb.x + cb.width); avail = band.right - band.left - (first ? indent : 0); continue }
        }
        if (u.kind === 'text' && wrapAnywhere && avail - pos > 0) {
          const parts = splitUnit(ctx.fonts, u, avail - pos)
          if (parts) { units.splice(j, 1, parts[0], parts[1]); end = j + 1; break }
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
    const line = placeLine(units.slice(i, end), {
      ctx, style, open, frags, atomics, top: y,
      left: band.left + (first ? indent : 0), width: avail, last: end >= units.length || forced,
    })
    if (line.height > 0 || line.hasContent) {
      lineSpans.push([y, y + line.height])
      if (firstBaseline === null) firstBaseline = line.baseline
      lastBaseline = line.baseline
      y += line.height
    }
    i = end
  }
  recordLines(ctx, style, lineSpans)
  return { frags, height: y - top, firstBaseline, lastBaseline }
}

function placeOutOfFlow(box: Box, cb: ContainingBlock, y: number, x: number, ctx: LayoutContext, floats: FloatContext, frags: Frag[]): void {
  if (box.style.float !== 'none') { frags.push(layoutFloat(box, cb, y, ctx, floats)); return }
  ctx.absolute[ctx.absolute.length - 1]?.push({ box, staticX: x, staticY: y })
}

function recordLines(ctx: LayoutContext, style: ComputedStyle, spans: [number, number][]): void {
  const flow = ctx.flow
  if (!flow) return
  for (const span of spans) flow.hard.push(span)
  const n = spans.length
  if (n < 2) return
  const orphans = Math.max(1, style.orphans || 2)
  const widows = Math.max(1, style.widows || 2)
  if (orphans > 1) flow.soft.push([spans[0][0], spans[Math.min(orphans, n) - 1][1]])
  if (widows > 1) flow.soft.push([spans[Math.max(0, n - widows)][0], spans[n - 1][1]])
}

interface LineInput {
  ctx: LayoutContext
  style: ComputedStyle
  open: OpenBox[]
  frags: Frag[]
  atomics: Map<Box, PlacedAtomic>
  top: number
  left: number
  width: number
  last: boolean
}

interface Placed { unit: Unit; x: number; w: number; shift: number | 'top' | 'bottom'; extent: Extent; text?: TextUnit; box?: OpenBox }

function placeLine(units: Unit[], input: LineInput): { height: number; baseline: number; hasContent: boolean } {
  const { ctx, style } = input
  const fonts = ctx.fonts
  // Hang trailing spaces: trim the last text unit of the line.
  for (let k = units.length - 1; k >= 0; k--) {
    const u = units[k]
    if (u.kind === 'close' || u.kind === 'out-of-flow' || u.kind === 'br') continue
    if (u.kind === 'text' && u.trailing > 0) {
      const trimmed = u.text.replace(/ +$/, '')
      units = units.slice()
      units[k] = trimmed ? textUnit(fonts, u.item, trimmed, u.canBreakAfter) : { ...u, text: '', spans: [], width: 0, trailing: 0, spaces: 0 }
    }
    break
  }
  // Leading collapsible spaces at the start of a wrapped line disappear.
  const firstText = units.find((u) => u.kind === 'text' || u.kind === 'atomic')
  if (firstText && firstText.kind === 'text' && firstText.text.charCodeAt(0) === 32 && hangsStyle(firstText.item.style)) {
    const k = units.indexOf(firstText)
    const trimmed = firstText.text.replace(/^ +/, '')
    units = units.slice()
    units[k] = trimmed ? textUnit(fonts, firstText.item, trimmed, firstText.canBreakAfter) : { ...firstText, text: '', spans: [], width: 0, trailing: 0, spaces: 0 }
  }

  let contentWidth = 0
  let spaces = 0
  let hasContent = false
  for (const u of units) {
    contentWidth += u.width
    if (u.kind === 'text') { spaces += u.spaces; if (u.text) hasContent = true }
    if (u.kind === 'atomic' || u.kind === 'br') hasContent = true
    if ((u.kind === 'open' || u.kind === 'close') && u.width > 0) hasContent = true
  }
  if (!hasContent && input.open.length === 0) {
    // Only out-of-flow boxes or collapsed space: no line box (CSS 2 §9.4.2).
    for (const u of units) {
      if (u.kind === 'open') input.open.push(openBox(fonts, u.style, input, 0, true))
      if (u.kind === 'close') input.open.pop()
    }
    return { height: 0, baseline: input.top, hasContent: false }
  }
  hasContent = true

  const free = Math.max(0, input.width - contentWidth)
  const align = style.textAlign === 'start' ? 'left' : style.textAlign === 'end' ? 'right' : style.textAlign
  let x = input.left
  let spaceExtra = 0
  if (align === 'right') x += free
  else if (align === 'center') x += free / 2
  else if (align === 'justify' && !input.last && spaces > 0) spaceExtra = free / spaces

  // Horizontal placement and each piece's vertical extent.
  const strut = inlineExtent(fonts, style)
  const extents: { shift: number | 'top' | 'bottom'; extent: Extent }[] = [{ shift: 0, extent: strut }]
  for (const box of input.open) {
    box.startX = x
    box.fragIndex = input.frags.length
    box.continued = true
    extents.push({ shift: box.shift, extent: box.extent })
  }
  const placed: Placed[] = []
  const stack = [...input.open]
  for (const u of units) {
    const parent = stack[stack.length - 1]
    const parentShift = parent && typeof parent.shift === 'number' ? parent.shift : 0
    const parentStyle = parent?.style ?? style
    if (u.kind === 'open') {
      const box = openBox(fonts, u.style, input, 0, false)
      box.shift = baselineShift(fonts, u.style, parentStyle, parentShift, box.extent)
      stack.push(box)
      extents.push({ shift: box.shift, extent: box.extent })
      placed.push({ unit: u, x, w: u.width, shift: box.shift, extent: box.extent, box })
      x += u.width
      continue
    }
    if (u.kind === 'close') {
      stack.pop()
      placed.push({ unit: u, x, w: u.width, shift: parentShift, extent: strut })
      x += u.width
      continue
    }
    if (u.kind === 'text') {
      const extent = inlineExtent(fonts, u.item.style)
      for (const span of u.spans) {
        if (span.face !== fonts.faceOf(u.item.style)) extents.push({ shift: parentShift, extent: inlineExtent(fonts, u.item.style, span.face) })
      }
      const w = u.width + spaceExtra * u.spaces
      placed.push({ unit: u, x, w, shift: parentShift, extent, text: u })
      x += w
      continue
    }
    if (u.kind === 'atomic') {
      const a = input.atomics.get(u.box)!
      const extent = { above: a.baseline, below: a.outerHeight - a.baseline }
      const shift = baselineShift(fonts, u.box.style, parentStyle, parentShift, extent)
      extents.push({ shift, extent })
      placed.push({ unit: u, x, w: u.width, shift, extent })
      x += u.width
    }
  }

  let minTop = 0
  let maxBottom = 0
  for (const e of extents) {
    if (typeof e.shift !== 'number') continue
    minTop = Math.min(minTop, e.shift - e.extent.above)
    maxBottom = Math.max(maxBottom, e.shift + e.extent.below)
  }
  for (const e of extents) {
    if (typeof e.shift === 'number') continue
    const h = e.extent.above + e.extent.below
    if (e.shift === 'top') maxBottom = Math.max(maxBottom, minTop + h)
    else minTop = Math.min(minTop, maxBottom - h)
  }
  const height = maxBottom - minTop
  const baseline = input.top - minTop
  const resolveShift = (shift: number | 'top' | 'bottom', extent: Extent) =>
    shift === 'top' ? minTop + extent.above : shift === 'bottom' ? maxBottom - extent.below : shift

  emitFrags(placed, input, baseline, height, spaceExtra, resolveShift)
  return { height, baseline, hasContent }
}

function hangsStyle(style: ComputedStyle): boolean {
  return style.whiteSpace === 'normal' || style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre-line'
}

function openBox(fonts: LayoutContext['fonts'], style: ComputedStyle, input: LineInput, x: number, continued: boolean): OpenBox {
  return { style, shift: 0, startX: x, fragIndex: input.frags.length, continued, extent: inlineExtent(fonts, style) }
}

function emitFrags(
  placed: Placed[], input: LineInput, baseline: number, lineHeight: number, spaceExtra: number,
  resolveShift: (shift: number | 'top' | 'bottom', extent: Extent) => number,
): void {
  const { ctx, frags, open } = input
  const fonts = ctx.fonts
  const lineTop = input.top
  let link: LinkFrag | null = null
  const addLink = (href: string | null, x: number, w: number) => {
    if (!href) { link = null; return }
    if (link && link.href === href && Math.abs(link.x + link.w - x) < 1) { link.w = x + w - link.x; return }
    link = { kind: 'link', x, y: lineTop, w, h: lineHeight, href }
    frags.push(link)
  }
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
      if (box) decorateInlineBox(box, p.x + u.width - marginRight(box.style), true, input, baseline, resolveShift)
      continue
    }
    if (u.kind === 'atomic') {
      const a = input.atomics.get(u.box)!
      const shift = resolveShift(p.shift, p.extent)
      a.place(p.x, baseline + shift - a.baseline)
      frags.push(a.frag)
      addLink(u.link, p.x, p.w)
      continue
    }
    if (u.kind !== 'text' || !p.text || !u.text) continue
    const style = u.item.style
    const shift = resolveShift(p.shift, p.extent)
    let x = p.x
    for (const span of u.spans) {
      const chars = style.letterSpacing ? [...span.text].length : 0
      let spaces = 0
      for (let k = 0; k < span.text.length; k++) if (span.text.charCodeAt(k) === 32) spaces++
      const extra = style.wordSpacing + spaceExtra
      const w = span.width + style.letterSpacing * chars + extra * spaces
      const prev = frags[frags.length - 1]
      if (prev && prev.kind === 'text' && prev.face === span.face && prev.size === style.fontSize && prev.color === style.color &&
        prev.letterSpacing === style.letterSpacing && prev.spaceExtra === extra && prev.decoration === u.item.decoration &&
        prev.baseline === baseline + shift && Math.abs(prev.x + prev.w - x) < 0.001) {
        prev.text += span.text
        prev.w += w
      } else {
        const frag: TextFrag = {
          kind: 'text', x, baseline: baseline + shift, y: lineTop, h: lineHeight, w, text: span.text, face: span.face,
          size: style.fontSize, color: style.color, letterSpacing: style.letterSpacing, spaceExtra: extra,
          decoration: u.item.decoration, opacity: 1,
        }
        frags.push(frag)
      }
      x += w
    }
    addLink(u.item.link, p.x, p.w)
  }
  // Boxes still open continue on the next line: draw what they cover on this one.
  const lastPlaced = placed[placed.length - 1]
  const lineEnd = lastPlaced ? lastPlaced.x + lastPlaced.w : input.left
  for (const box of open) decorateInlineBox(box, lineEnd, false, input, baseline, resolveShift)
}

function marginRight(style: ComputedStyle): number {
  return style.marginRight === 'auto' ? 0 : len(style.marginRight, 0)
}

/** Background and borders of an inline box on one line, put under the text it covers. */
function decorateInlineBox(box: OpenBox, endX: number, closing: boolean, input: LineInput, baseline: number,
  resolveShift: (shift: number | 'top' | 'bottom', extent: Extent) => number): void {
  const s = box.style
  const hasBorder = [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft].some((b) => b.style !== 'none' && b.width > 0)
  if (!s.backgroundColor && !hasBorder && s.backgroundLayers.length === 0) return
  const fonts = input.ctx.fonts
  const m = fonts.metrics(fonts.faceOf(s), s.fontSize)
  const shift = resolveShift(box.shift, box.extent)
  const padTop = len(s.paddingTop, 0) + (s.borderTop.style === 'none' ? 0 : s.borderTop.width)
  const padBottom = len(s.paddingBottom, 0) + (s.borderBottom.style === 'none' ? 0 : s.borderBottom.width)
  const top = baseline + shift - m.ascent - padTop
  const frag: BoxFrag = {
    kind: 'box', x: box.startX, y: top, w: Math.max(0, endX - box.startX), h: m.ascent + m.descent + padTop + padBottom,
    style: s, children: [], positioned: false,
    sides: { top: true, bottom: true, left: !box.continued, right: closing },
  }
  input.frags.splice(box.fragIndex, 0, frag)
}
