// Pages of their own width (a named page or :first with another `size` or side margins), laid out at that
// width as Chromium lays out each page. The stretches between forced breaks (where a page name changes, a
// break is always forced) are paginated in the layout of the narrowest of their pages' widths; a layout at
// another width holds only the stretches that need it (skipped-stretches.ts: weasyprint-report's cover and
// chapter page no longer lay the whole report out again), found there by the index of their forced breaks.
// Pages of the plain width keep the first layout.
import type { StyledDocument } from '../../document/styled-tree.js'
import { layoutDocument, type LaidOutDocument, type LayoutEngines } from '../layout-document.js'
import { contentBox } from './page-geometry.js'
import { pageNameAt } from './page-name-at.js'
import { isOneStretch, paginate, pageStartingBreaks, type PageSlice } from './paginate.js'
import type { PrintedPages } from './printed-pages.js'

export interface LaidOutPage { slice: PageSlice; layout: LaidOutDocument }

export interface WidthInput {
  styled: StyledDocument
  engines: LayoutEngines
  /** The layout at the plain @page rule's width, and that width and page-area height. */
  base: LaidOutDocument
  width: number
  height: number
  pages: PrintedPages
  /** The pages cut from the base layout alone (their widths decide each stretch's width). */
  baseSlices: PageSlice[]
  keepTogether: boolean
  stopAfter: number
}

/**
 * The pages, each with the layout it is cut from; null when the other layouts do not break where the first
 * one does (then every page keeps the first layout, its content moved with the page's margins).
 */
export function paginateByWidth(input: WidthInput): LaidOutPage[] | null {
  const { base, pages } = input
  const baseBreaks = pageStartingBreaks(base.flow, base.height)
  const baseWidths = input.baseSlices.map((slice, i) => ({ start: slice.start, width: contentBox(pages.page(i).geometry).width }))
  // Each stretch's width. The name of a stretch's first page is known from the base layout; its index among
  // the pages is not until the stretches before it are paginated, but only a :first page depends on it, and
  // that is stretch 0's (its index is 0 in every layout).
  const widths: number[] = []
  const firstIndex = (k: number) => (k === 0 ? 0 : input.baseSlices.findIndex((s) => s.start >= baseBreaks[k - 1] - 0.5))
  for (let k = 0; k <= baseBreaks.length; k++) {
    const index = Math.max(0, firstIndex(k))
    const name = pageNameAt(base.root, k === 0 ? 0 : baseBreaks[k - 1])
    widths.push(commonWidth(baseWidths, k === 0 ? 0 : baseBreaks[k - 1], baseBreaks[k] ?? Infinity, contentBox(pages.page(index, name).geometry).width))
  }
  // The forced breaks that start stretches, by their index among all of the base layout's forced breaks.
  const breakIndex = baseBreaks.map((y) => base.flow.forced.indexOf(y))
  const partial = new Map<number, LaidOutDocument>([[Math.round(input.width), base]])
  const full = new Map<number, LaidOutDocument>([[Math.round(input.width), base]])
  const partialAt = (w: number) => {
    const key = Math.round(w)
    let laid = partial.get(key)
    if (!laid) {
      // Content after `count` forced breaks is in stretch k when breakIndex[k - 1] < count ≤ breakIndex[k].
      const wanted = (count: number) => {
        let k = 0
        while (k < breakIndex.length && count > breakIndex[k]) k++
        return Math.round(widths[k]) === key
      }
      partial.set(key, (laid = layoutDocument(input.styled, input.engines, w, input.height, 'print', base.scale, wanted)))
    }
    return laid
  }
  const fullAt = (w: number) => {
    const key = Math.round(w)
    let laid = full.get(key)
    if (!laid) full.set(key, (laid = layoutDocument(input.styled, input.engines, w, input.height, 'print', base.scale)))
    return laid
  }
  const out: LaidOutPage[] = []
  for (let k = 0; k <= baseBreaks.length && out.length < input.stopAfter; k++) {
    const index = out.length
    const name = pageNameAt(base.root, k === 0 ? 0 : baseBreaks[k - 1])
    const width = commonWidth(baseWidths, k === 0 ? 0 : baseBreaks[k - 1], baseBreaks[k] ?? Infinity, contentBox(pages.page(index, name).geometry).width)
    // A :left/:right page of its own width whose side the stretches before changed takes the whole layout.
    const planned = Math.round(width) === Math.round(widths[k])
    let laid = planned ? partialAt(width) : fullAt(width)
    let bounds = laid === base || !planned ? null : stretchIn(laid, base, breakIndex, k)
    if (laid !== base && !bounds) {
      // The stretch is not where its forced breaks say: the whole document at that width, as before.
      laid = fullAt(width)
      const breaks = pageStartingBreaks(laid.flow, laid.height)
      if (breaks.length !== baseBreaks.length) return null
      bounds = { from: k === 0 ? 0 : breaks[k - 1], to: k < breaks.length ? breaks[k] : laid.height }
    }
    const partialStretch = bounds !== null && laid === partial.get(Math.round(width))
    const from = bounds ? bounds.from : k === 0 ? 0 : baseBreaks[k - 1]
    const to = bounds ? bounds.to : k < baseBreaks.length ? baseBreaks[k] : base.height
    const slices = paginate({
      height: to, from, flow: { ...laid.flow, forced: [] }, keepTogether: input.keepTogether, stopAfter: input.stopAfter - index,
      // A partial layout's stretch may start where a box left out of it ended: its first page is named from
      // the base layout, as the stretch was planned.
      pageHeight: (i, start) => contentBox(pages.page(index + i, start === undefined ? undefined : partialStretch && start === from ? name : pageNameAt(laid.root, start)).geometry).height / laid.scale,
    })
    out.push(...slices.map((slice) => ({ slice, layout: laid })))
  }
  return out
}

/** Stretch k of a layout with the base layout's forced breaks, one for one; null when it is not one stretch there. */
function stretchIn(laid: LaidOutDocument, base: LaidOutDocument, breakIndex: number[], k: number): { from: number; to: number } | null {
  const forced = laid.flow.forced
  if (forced.length !== base.flow.forced.length || breakIndex.some((i) => i < 0)) return null
  const from = k === 0 ? 0 : forced[breakIndex[k - 1]]
  const to = k < breakIndex.length ? forced[breakIndex[k]] : laid.height
  return to > from && isOneStretch(laid.flow, from, to) ? { from, to } : null
}

/**
 * The narrowest page width of the stretch [from, to): a stretch whose pages differ (a `:first` page of its own
 * width followed by others before the next forced break) is laid out so that it fits on every one of them.
 */
function commonWidth(pages: Array<{ start: number; width: number }>, from: number, to: number, first: number): number {
  let width = first
  for (const p of pages) if (p.start >= from - 0.5 && p.start < to - 0.5) width = Math.min(width, p.width)
  return width
}
