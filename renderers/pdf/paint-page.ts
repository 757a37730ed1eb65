// One page: the @page background over the whole sheet, the canvas background over the page area, then the
// document slice [start, end) inside the page margins (with a repeated table head above it and foot below it), clipped so
// nothing of the neighbouring slices shows.
import { fillColor, strokeColor } from './color-operator.js'
import { PATCHES_ON } from '../patches.js'
import { deflatePageFast } from './fast-page-deflate.js'
import type { Color } from '../document/styled-tree.js'
import type { PaintOp } from '../layout/display-list.js'
import type { PaintOpIndex } from '../layout/paint-op-index.js'
import type { FontStore } from '../fonts/font-store.js'
import type { PageGeometry } from '../layout/paged/page-geometry.js'
import type { PageSlice } from '../layout/paged/paginate.js'
import { paintBox } from './paint-box.js'
import { rectPath } from './rect-path.js'
import { paintText } from './paint-text.js'
import { paintSymbol } from './paint-symbol.js'
import type { PaintTarget } from './paint-target.js'
import { paintLink } from './paint-link.js'
import { offPage } from './off-page.js'

const PT_PER_PX = 0.75

export interface PageToPaint {
  slice: PageSlice
  geometry: PageGeometry
  /** Layout px → page px (below 1 when a too-wide document was shrunk to fit, as Chromium does). */
  scale: number
  canvas: Color | null
  /** The @page rule's background-color, over the whole sheet. */
  background?: Color | null
  /** The page's index in the document (for the marks of a tagged PDF). */
  index?: number
}

export function beginPage(target: PaintTarget, page: PageToPaint): void {
  const { doc } = target
  const g = page.geometry
  doc.addPage({ size: [g.width * PT_PER_PX, g.height * PT_PER_PX], margin: 0 })
  if (PATCHES_ON) deflatePageFast(doc)
  target.marks?.beginPage(page.index ?? 0)
  doc.save()
  doc.scale(PT_PER_PX)
  if ((page.background && target.printBackground) || (page.canvas && target.printBackground && page.canvas.a > 0)) target.marks?.artifact()
  if (page.background && target.printBackground) {
    // Chromium paints the page box's background over the whole sheet, margins included, under the document.
    fillColor(doc.rect(0, 0, g.width, g.height), page.background, page.background.a).fill()
  }
  if (page.canvas && target.printBackground && page.canvas.a > 0) {
    // Chromium paints the root background over the page area only; the page margins stay blank.
    const m = g.margins
    fillColor(doc.rect(m.left, m.top, g.width - m.left - m.right, g.height - m.top - m.bottom), page.canvas, page.canvas.a).fill()
  }
}

export function endPage(target: PaintTarget): void {
  target.marks?.endPage()
  target.doc.restore()
}

export function paintSlice(target: PaintTarget, fonts: FontStore, ops: PaintOpIndex, page: PageToPaint): void {
  const { doc } = target
  const { slice, geometry: g, scale } = page
  const width = (g.width - g.margins.left - g.margins.right) / scale
  doc.save()
  doc.translate(g.margins.left, g.margins.top)
  doc.scale(scale)
  let offset = 0
  if (slice.head) {
    const h = slice.head
    offset = h.headBottom - h.headTop
    target.marks?.close()
    doc.save()
    doc.rect(0, 0, width, offset).clip()
    doc.translate(0, -h.headTop)
    // The head repeated: pagination furniture (its first printing is the table's content).
    const head = () => paintOps(target, fonts, ops.within(h.headTop, h.headBottom), h.headTop, h.headBottom)
    if (target.marks) target.marks.furniture(head)
    else head()
    doc.restore()
  }
  // Clipped to the page area as painted, which may end under 1 px above the laid-out one (see printedPageGeometry).
  const painted = (g.height - g.margins.top - g.margins.bottom) / scale - offset
  const shown = Math.min(slice.end - slice.start, painted)
  target.marks?.close()
  doc.save()
  doc.rect(0, offset, width, shown).clip()
  doc.translate(0, offset - slice.start)
  paintOps(target, fonts, ops.within(slice.start, slice.end), slice.start, slice.end)
  target.marks?.close()
  doc.restore()
  if (slice.foot?.foot) {
    // The foot repeated right below the page's last row, as pagination furniture like a repeated head.
    const f = slice.foot.foot
    doc.save()
    doc.rect(0, offset + shown, width, f.bottom - f.top).clip()
    doc.translate(0, offset + shown - f.top)
    const foot = () => paintOps(target, fonts, ops.within(f.top, f.bottom), f.top, f.bottom)
    if (target.marks) target.marks.furniture(foot)
    else foot()
    target.marks?.close()
    doc.restore()
  }
  doc.restore()
}

export function paintOps(target: PaintTarget, fonts: FontStore, ops: PaintOp[], start: number, end: number): void {
  const { doc, marks } = target
  const empty = emptyGroups(ops, start, end)
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]
    if (op.bottom <= start || op.top >= end) continue
    if (empty?.[i]) {
      // A clip, fade or transform around nothing this stretch shows: its q … Q would draw nothing.
      marks?.close()
      continue
    }
    switch (op.kind) {
      case 'box':
        if (marks && op.frag.el) marks.position(op.frag.el, op.frag.x, Math.max(op.frag.y, start))
        paintBox(target, op.frag)
        break
      case 'text':
        // Off the sheet (a skip link at left: -9999px): nothing to see, nothing for a reader to speak.
        if (offPage(doc, op.frag.x, op.frag.y, op.frag.w, op.frag.h, op.frag.h)) break
        if (marks) {
          if (op.frag.el) marks.position(op.frag.el, op.frag.x, Math.max(op.frag.y, start))
          marks.content(op.frag.el, op.frag.marker)
        }
        paintText(target, fonts, op.frag)
        break
      case 'edge': marks?.artifact(); paintEdge(doc, op.frag); break
      case 'symbol': marks?.artifact(); paintSymbol(doc, op.frag); break
      case 'link': {
        const f = op.frag
        const top = Math.max(f.y, start)
        const bottom = Math.min(f.y + f.h, end)
        if (bottom > top && f.w > 0 && !offPage(doc, f.x, top, f.w, bottom - top)) paintLink(target, f, top, bottom - top)
        break
      }
      case 'clip':
        marks?.close()
        doc.save()
        rectPath(doc, op.x, op.y, op.w, op.h, op.radii)
        doc.clip()
        break
      case 'opacity':
        marks?.close()
        doc.save()
        doc.opacity(op.value)
        break
      case 'transform':
        marks?.close()
        doc.save()
        doc.transform(...op.m)
        break
      case 'restore':
        marks?.close()
        doc.restore()
    }
  }
}

/**
 * Which clip, opacity and transform operations (and their restores) enclose nothing that overlaps [start, end),
 * null when none do. Their extent is the whole document, so every page met all of them: a long Markdown export
 * (github-markdown, 34 pages, 127 rounded `pre` clips) wrote each one's path on every page, a third of its
 * content bytes, to draw nothing.
 */
function emptyGroups(ops: PaintOp[], start: number, end: number): Uint8Array | null {
  let empty: Uint8Array | null = null
  // The open groups: their indices, and whether something inside shows.
  const open: number[] = []
  const shows: boolean[] = []
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]
    if (op.bottom <= start || op.top >= end) continue
    switch (op.kind) {
      case 'clip': case 'opacity': case 'transform':
        open.push(i)
        shows.push(false)
        break
      case 'restore': {
        const at = open.pop()
        if (at === undefined) break
        const shown = shows.pop()!
        if (shown) {
          if (shows.length) shows[shows.length - 1] = true
        } else {
          empty ??= new Uint8Array(ops.length)
          empty[at] = 1
          empty[i] = 1
        }
        break
      }
      default:
        if (shows.length) shows[shows.length - 1] = true
    }
  }
  return empty
}

function paintEdge(doc: PDFKit.PDFDocument, e: Extract<PaintOp, { kind: 'edge' }>['frag']): void {
  const half = e.width / 2
  doc.save()
  if (e.style === 'solid' || e.style === 'double') {
    // Filled rectangles; the segment's ends already reach into the corners (layout-table.ts).
    const horizontal = e.y1 === e.y2
    if (horizontal) doc.rect(e.x1, e.y1 - half, e.x2 - e.x1, e.width)
    else doc.rect(e.x1 - half, e.y1, e.width, e.y2 - e.y1)
    fillColor(doc, e.color, e.color.a).fill()
  } else {
    const w = e.width
    if (e.style === 'dashed') doc.dash(w < 3 ? 3 * w : 2 * w, { space: w < 3 ? 3 * w : 2 * w })
    else doc.dash(w, { space: w })
    strokeColor(doc.moveTo(e.x1, e.y1).lineTo(e.x2, e.y2).lineWidth(w), e.color, e.color.a).stroke()
  }
  doc.restore()
}
