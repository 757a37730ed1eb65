// The composition stage for print (PDF): the document prepared at the width of its plain @page rule's page
// area, laid out once, paginated (each page's size and margins from the @page rules that match it), pages
// of another width laid out again at their own width, then — once the page count is known — the header and
// footer bands and the @page margin boxes. The PDF painter gets the finished pages: their display lists
// indexed by band, which it releases as it paints, and no layout tree or layout cache that would keep a
// long document alive until its last page.
import { RenderError, type RenderTask } from '../contract.js'
import type { PageRule } from '../document/styled-tree.js'
import { displayList } from '../layout/display-list.js'
import { layoutDocument, type LaidOutDocument } from '../layout/layout-document.js'
import { PaintOpIndex } from '../layout/paint-op-index.js'
import { fixedBoxOps } from '../layout/paged/fixed-boxes.js'
import { headerFooterBands } from '../layout/paged/header-footer.js'
import { marginBoxBands } from '../layout/paged/page-margin-boxes.js'
import { contentBox, printedPageGeometry } from '../layout/paged/page-geometry.js'
import { pageNameAt } from '../layout/paged/page-name-at.js'
import { paginateByWidth } from '../layout/paged/pages-by-width.js'
import { paginate } from '../layout/paged/paginate.js'
import { printedPages } from '../layout/paged/printed-pages.js'
import { releaseFragmentTree } from '../layout/release-fragment-tree.js'
import { releaseLayoutCaches } from '../layout/render-scope.js'
import type { PrintedDocument } from './finished-document.js'
import { headerFooterHtml } from './header-footer-html.js'
import { loadResources } from './load-resources.js'
import { pdfAttachments } from './pdf-attachments.js'
import { pdfPassword } from './pdf-password.js'
import { renderDate } from './render-date.js'
import { styleDocument } from './style-document.js'

const NO_PAGE_RULE: PageRule = { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }

export async function printDocument(task: RenderTask): Promise<PrintedDocument> {
  const settings = task.source.settings
  const date = renderDate(task)

  // 1–2. Styled for print at the page area of the plain @page rule (as the settings' paper makes media
  // queries see it): the one most pages print on. Chromium lays each page out at its own width; here a
  // :first, :left/:right or named page of another width is laid out again below (pages-by-width).
  // US Letter with 0.5in margins is as wide as A4 with the default margins, 720 px, but 960 px tall, not 1049:
  // the media's height follows the page too, for vh.
  const source = await styleDocument(task, (page) => ({ type: 'print', ...contentBox(printedPageGeometry(settings, page ?? NO_PAGE_RULE)) }))
  const content = contentBox(printedPageGeometry(settings, source.page))
  const { styled } = source
  const pages = printedPages(settings, styled)

  // 3. images and web fonts. Large bitmaps are kept at most three times as wide as the page's content box
  // (about 290 dpi at full width).
  const prepared = await loadResources(task, source, { maxImageWidth: content.width * 3 })
  const { engines } = prepared

  // 4. layout, 5. pagination: each page's size and margins follow from the @page rules that match it, its
  // name from the content it starts with.
  const laid = layoutDocument(styled, engines, content.width, content.height)
  const pageHeight = (i: number, start?: number) =>
    contentBox(pages.page(i, start === undefined ? undefined : pageNameAt(laid.root, start)).geometry).height / laid.scale
  const keepTogether = !settings.disablePageBreakCalculation
  let slices = paginate({ height: laid.height, pageHeight, flow: laid.flow, keepTogether, stopAfter: task.limits.maxPages + 1 })
  // Pages of another width (a named page or :first with its own size) are laid out at their own width.
  let perPage: Array<{ ops: PaintOpIndex; scale: number } | null> | undefined
  const trees = [laid]
  if (slices.some((_, i) => Math.abs(contentBox(pages.page(i).geometry).width - content.width) > 0.5)) {
    const byWidth = paginateByWidth({
      styled, engines, base: laid, width: content.width, height: content.height, pages, baseSlices: slices, keepTogether, stopAfter: task.limits.maxPages + 1,
    })
    if (byWidth) {
      slices = byWidth.map((p) => p.slice)
      const ops = new Map<LaidOutDocument, PaintOpIndex>()
      const opsOf = (l: LaidOutDocument) => ops.get(l) ?? ops.set(l, (trees.push(l), new PaintOpIndex(displayList(l.root)))).get(l)!
      perPage = byWidth.map((p) => (p.layout === laid ? null : { ops: opsOf(p.layout), scale: p.layout.scale }))
    }
  }
  if (slices.length > task.limits.maxPages) {
    throw new RenderError('QUIRE_ERR_RENDER_PAGES_LIMIT', `The document has more than ${task.limits.maxPages} pages (limit ${task.limits.maxPages}, MAX_PAGES)`)
  }
  const printed = slices.map((_, i) => pages.page(i))
  const geometries = printed.map((p) => p.geometry)

  // 6. header/footer and margin boxes, laid out now that the page count is known
  const bands = await headerFooterBands(headerFooterHtml(task, date), geometries, engines)
  const marginBoxes = marginBoxBands(printed, engines)
  const password = await pdfPassword(settings, task.data, task.limits)
  const attachments = await pdfAttachments(task.source, task.data, task.limits, settings)

  const ops = new PaintOpIndex(displayList(laid.root))
  const fixed = slices.length > 1 ? fixedBoxOps(laid.root, pageHeight(0)) : []
  const structureRoot = laid.root.el ?? styled.root
  // Layout is done: the painter reads the display lists only.
  for (const tree of trees) releaseFragmentTree(tree.root)
  releaseLayoutCaches()
  return {
    ...prepared,
    medium: 'print',
    scale: laid.scale,
    structureRoot,
    pages: slices.map((slice, i) => {
      const own = perPage?.[i]
      const scale = own?.scale ?? laid.scale
      return {
        geometry: geometries[i],
        slice,
        ops: own?.ops ?? ops,
        scale,
        contentHeight: contentBox(geometries[i]).height / scale,
        background: printed[i].rule.background ?? null,
        header: bands[i].header,
        footer: bands[i].footer,
        marginBoxes: marginBoxes[i],
      }
    }),
    fixed,
    canvas: laid.canvas,
    title: styled.title,
    date,
    password,
    attachments,
  }
}
