// Layout tested as layout: an HTML string laid out at a width and cut into pages, returned as positioned
// boxes and lines of text (WeasyPrint's tests/testing_utils.render_pages() is the model). No painter runs,
// so a test asserts where boxes are, not what the PDF or PNG bytes happen to be.
//   const { pages, box } = await layoutHtml('<div id=a style="height:50px"></div>', { width: 400 })
//   t.match(box('a'), { y: 8, h: 50 })
// Boxes are named by the element their fragment carries (id, tag, classes; null for anonymous boxes), and
// `dump()` is the product's layout dump (renderers/layout/dump-layout.ts) of the same fragments.
import { buildStyledDocument } from '../../renderers/document/index.js'
import { fontStore } from '../../renderers/fonts/font-store.js'
import { sourcePositions } from '../../renderers/document/source-positions.js'
import { dumpLayout } from '../../renderers/layout/dump-layout.js'
import type { Frag } from '../../renderers/layout/fragments.js'
import { layoutDocument, type Medium } from '../../renderers/layout/layout-document.js'
import { paginate } from '../../renderers/layout/paged/paginate.js'
import { inRenderScope } from '../../renderers/layout/render-scope.js'
import { withYoga } from '../../renderers/layout/yoga.js'
import { Warnings } from '../../renderers/warnings.js'
import type { ImageStore } from '../../renderers/resources/index.js'

export interface LaidBox { kind: 'box'; id: string | null; tag: string | null; classes: string[]; x: number; y: number; w: number; h: number; children: LaidFrag[]; marker?: LaidMarker }
/** A list item's outside marker: text, or a shape (disc, circle, square, disclosure triangle). */
export type LaidMarker = { kind: 'text'; text: string; x: number; w: number } | { kind: 'symbol'; shape: string; x: number; y: number; w: number; h: number }
export interface LaidText { kind: 'text'; text: string; x: number; y: number; w: number; h: number }
export type LaidFrag = LaidBox | LaidText

export interface LaidPage {
  /** The slice of the document this page shows, in document px. */
  start: number
  end: number
  /** Every box and line of text whose top lies on this page, in document order, y relative to the page top. */
  frags: Array<LaidBox | LaidText>
}

export interface LaidOut {
  root: LaidBox
  pages: LaidPage[]
  /** The document's bottom as layout measured it (what pagination cuts, or the image's full height). */
  height: number
  scale: number
  warnings: string[]
  /** The box of the element with this id (throws when there is none, so a test cannot pass by not finding it). */
  box(id: string): LaidBox
  /** All lines of text, in document order, each as its text. */
  texts(): string[]
  /** The layout as text: one line per box (tag#id.class x y width height) and per line of text (dump-layout.ts); with lines, each element's @line:column. */
  dump(options?: { lines?: boolean }): string
}

export interface LayoutOptions {
  /** Content width in CSS px (the page's content box for print, the viewport for screen); default 600. */
  width?: number
  /** Page content height (print) or viewport height (screen); default 800. */
  height?: number
  medium?: Medium
  /** Images already loaded, by src as written (the default is none: every <img> is broken). */
  images?: ImageStore
  /**
   * A layout that warns (an unsupported value, a broken image) fails the test unless the test expects warnings
   * and says so (as WeasyPrint's assert_no_logs): then they are in LaidOut.warnings to assert on.
   */
  allowWarnings?: boolean
}

export async function layoutHtml(html: string, options: LayoutOptions = {}): Promise<LaidOut> {
  const width = options.width ?? 600
  const height = options.height ?? 800
  const medium = options.medium ?? 'print'
  return inRenderScope(() => withYoga(async () => {
    const doc = buildStyledDocument(html, { type: medium, width, height })
    const warnings = new Warnings()
    warnings.addAll(doc.warnings)
    const laid = layoutDocument(doc, { fonts: fontStore(), images: options.images ?? new Map(), warnings }, width, height, medium)
    const root = view(laid.root) as LaidBox
    const slices = paginate({ height: laid.height, pageHeight: () => height / laid.scale, flow: laid.flow, keepTogether: true, stopAfter: 1000 })
    const all = flatten(root)
    const pages = slices.map((s, i) => ({
      start: s.start,
      end: s.end,
      frags: all.filter((f) => f.y >= s.start - 0.01 && (f.y < s.end - 0.01 || (i === slices.length - 1))).map((f) => ({ ...f, y: f.y - s.start })),
    }))
    const box = (id: string) => {
      const found = all.find((f): f is LaidBox => f.kind === 'box' && f.id === id)
      if (!found) throw new Error(`no box with id "${id}" (ids laid out: ${all.flatMap((f) => f.kind === 'box' && f.id ? [f.id] : []).join(', ')})`)
      return found
    }
    const texts = () => all.flatMap((f) => f.kind === 'text' ? [f.text] : [])
    if (!options.allowWarnings && warnings.list.length > 0) {
      throw new Error(`layout warned (pass allowWarnings: true to expect it): ${warnings.list.join('; ')}`)
    }
    return { root, pages, height: laid.height, scale: laid.scale, warnings: warnings.list, box, texts, dump: (o?: { lines?: boolean }) => dumpLayout(laid.root, o?.lines ? { positions: sourcePositions(html, doc.root.source!) } : {}) }
  }))
}

const round = (n: number) => Math.round(n * 100) / 100

function view(frag: Frag): LaidFrag | null {
  if (frag.kind === 'box') {
    const el = frag.el ?? null
    const box: LaidBox = {
      kind: 'box', id: el?.attrs.id ?? null, tag: el?.tag ?? null, classes: el?.attrs.class?.split(/\s+/).filter(Boolean) ?? [], x: round(frag.x), y: round(frag.y), w: round(frag.w), h: round(frag.h),
      children: frag.children.map(view).filter((c): c is LaidFrag => c !== null),
    }
    const m = frag.marker
    if (m) {
      box.marker = m.kind === 'text' ? { kind: 'text', text: m.text, x: round(m.x), w: round(m.w) }
        : { kind: 'symbol', shape: m.shape, x: round(m.x), y: round(m.y), w: round(m.w), h: round(m.h) }
    }
    return box
  }
  if (frag.kind === 'text') return { kind: 'text', text: frag.text, x: round(frag.x), y: round(frag.y), w: round(frag.w), h: round(frag.h) }
  return null
}

function flatten(box: LaidBox): LaidFrag[] {
  return [box, ...box.children.flatMap((c) => (c.kind === 'box' ? flatten(c) : [c]))]
}
