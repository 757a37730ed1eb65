// Pages of their own width (a named page or :first with another `size` or side margins), laid out at that
// width as Chromium lays out each page. The document is laid out once more per distinct page-area width;
// the stretches between forced breaks (where a page name changes, a break is always forced) are paginated
// in the layout of the narrowest of their pages' widths. Pages of the plain width keep the first layout.
import type { StyledDocument } from '../../document/styled-tree.js'
import { layoutDocument, type LaidOutDocument, type LayoutEngines } from '../layout-document.js'
import { contentBox } from './page-geometry.js'
import { pageNameAt } from './page-name-at.js'
import { paginate, pageStartingBreaks, type PageSlice } from './paginate.js'
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
  const layouts = new Map<number, LaidOutDocument>([[Math.round(input.width), base]])
  const layoutAt = (w: number) => {
    const key = Math.round(w)
    let laid = layouts.get(key)
    if (!laid) layouts.set(key, (laid = layoutDocument(input.styled, input.engines, w, input.height, 'print', base.scale)))
    return laid
  }
  const baseBreaks = pageStartingBreaks(base.flow, base.height)
  const baseWidths = input.baseSlices.map((slice, i) => ({ start: slice.start, width: contentBox(pages.page(i).geometry).width }))
  const out: LaidOutPage[] = []
  for (let k = 0; k <= baseBreaks.length && out.length < input.stopAfter; k++) {
    const index = out.length
    const name = pageNameAt(base.root, k === 0 ? 0 : baseBreaks[k - 1])
    const first = contentBox(pages.page(index, name).geometry).width
    const laid = layoutAt(commonWidth(baseWidths, k === 0 ? 0 : baseBreaks[k - 1], baseBreaks[k] ?? Infinity, first))
    const breaks = laid === base ? baseBreaks : pageStartingBreaks(laid.flow, laid.height)
    if (breaks.length !== baseBreaks.length) return null
    const from = k === 0 ? 0 : breaks[k - 1]
    const to = k < breaks.length ? breaks[k] : laid.height
    const slices = paginate({
      height: to, from, flow: { ...laid.flow, forced: [] }, keepTogether: input.keepTogether, stopAfter: input.stopAfter - index,
      pageHeight: (i, start) => contentBox(pages.page(index + i, start === undefined ? undefined : pageNameAt(laid.root, start)).geometry).height / laid.scale,
    })
    out.push(...slices.map((slice) => ({ slice, layout: laid })))
  }
  return out
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
