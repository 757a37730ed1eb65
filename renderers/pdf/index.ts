// The PDF back-end: template → styled tree → images → layout → pagination → paint → header/footer → encrypt.
// Each step is one file; this one only wires them together.
import { RenderError, type PdfTask, type RenderOutput } from '../contract.js'
import { buildStyledDocument, pageRuleOf, parseDocument } from '../document/index.js'
import type { PageRule } from '../document/styled-tree.js'
import { loadImagesWithWarnings } from '../resources/index.js'
import { loadStylesheets } from '../resources/load-stylesheets.js'
import { documentFontStore } from '../fonts/document-font-store.js'
import { loadDocumentFonts } from '../fonts/load-document-fonts.js'
import { operatorFonts } from '../fonts/operator-fonts.js'
import { renderDocumentHtml } from '../template/index.js'
import { budgetsOf } from '../default-budgets.js'
import { displayList, type PaintOp } from '../layout/display-list.js'
import { fixedBoxOps } from '../layout/paged/fixed-boxes.js'
import { fontStore } from '../fonts/font-store.js'
import { headerFooterBands } from '../layout/paged/header-footer.js'
import { headerFooterHtml } from '../pipeline/header-footer-html.js'
import { layoutDocument, type LaidOutDocument } from '../layout/layout-document.js'
import { marginBoxBands } from '../layout/paged/page-margin-boxes.js'
import { openPdf } from './open-pdf.js'
import { paginateByWidth } from '../layout/paged/pages-by-width.js'
import { contentBox, printedPageGeometry } from '../layout/paged/page-geometry.js'
import { paginate } from '../layout/paged/paginate.js'
import { pageNameAt } from '../layout/paged/page-name-at.js'
import { printedPages } from '../layout/paged/printed-pages.js'
import { paintPages } from './paint-pages.js'
import { createPaintTarget } from './paint-target.js'
import { pdfSecurity } from './pdf-security.js'
import { inRenderScope } from '../layout/render-scope.js'
import { withYoga } from '../layout/yoga.js'
import { Warnings } from '../warnings.js'
import { documentMetadata } from './standards/document-metadata.js'
import { finishStandards } from './standards/finish-standards.js'
import { prepareAttachments } from './standards/prepare-attachments.js'
import { resolveStandards } from './standards/resolve-standards.js'
import { FACTUR_X_FILE_NAME } from './standards/embed-attachments.js'
import { DocumentMarks } from './tagging/document-marks.js'
import { structureSkeleton } from './tagging/structure-nodes.js'

const NO_PAGE_RULE: PageRule = { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }

export function renderPdf(task: PdfTask): Promise<RenderOutput> {
  return inRenderScope(() => withYoga(() => printPdf(task)))
}

async function printPdf(task: PdfTask): Promise<RenderOutput> {
  const settings = task.source.settings
  const date = task.now ? new Date(task.now) : new Date()
  if (Number.isNaN(date.getTime())) throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION', `task.now "${task.now}" is not a valid date`)

  // 1. template → HTML → styled tree (media width = the page's content width, as when Chromium prints)
  const templateWarnings: string[] = []
  const html = await renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits, warn: (m) => templateWarnings.push(m) })
  const settingsBox = contentBox(printedPageGeometry(settings, NO_PAGE_RULE))
  const budgets = budgetsOf(task.limits)
  const linked = await loadStylesheets(html, task.fetch, budgets)
  const parsed = parseDocument(html, linked.sheets)
  const settingsMedia = { type: 'print' as const, width: settingsBox.width, height: settingsBox.height }
  // The document is laid out once, at the width of the plain @page rule's page (as the settings' paper makes
  // media queries see it): the one most pages print on. (Chromium lays each page out at its own width; here a
  // :first, :left/:right or named page that changes the width moves the content with its margins but keeps
  // the common width.) The @page rule is read before the tree is styled, so the tree is styled once.
  const page = pageRuleOf(parsed, settingsMedia)
  let styled = page ? null : buildStyledDocument(parsed, settingsMedia, budgets)
  const content = contentBox(printedPageGeometry(settings, page ?? styled!.page))
  if (Math.abs(content.width - settingsBox.width) > 0.5 || Math.abs(content.height - settingsBox.height) > 0.5) {
    // @page changed the paper: media queries must see the real width, and vh the real height (US Letter with
    // 0.5in margins is as wide as A4 with the default margins, 720 px, but 960 px tall, not 1049).
    styled = buildStyledDocument(parsed, { type: 'print', width: content.width, height: content.height }, budgets)
  }
  styled ??= buildStyledDocument(parsed, settingsMedia, budgets)
  const pages = printedPages(settings, styled)

  // 2. images and web fonts, 3. layout
  // Large bitmaps are kept at most three times as wide as the page's content box (about 290 dpi at full width).
  const [loaded, webFonts] = await Promise.all([
    loadImagesWithWarnings(styled, task.fetch, { budgets, maxWidth: content.width * 3 }),
    loadDocumentFonts(styled, task.fetch, budgets),
  ])
  const warnings = new Warnings()
  warnings.addAll(templateWarnings)
  warnings.addAll(linked.warnings)
  warnings.addAll(styled.warnings)
  warnings.addAll(webFonts.warnings)
  warnings.addAll(loaded.warnings)
  const operator = task.fontDir ? operatorFonts(task.fontDir) : undefined
  const engines = { fonts: documentFontStore(fontStore(), webFonts.fonts, operator), images: loaded.images, warnings, budgets }
  const laid = layoutDocument(styled, engines, content.width, content.height)

  // 4. pagination
  // Each page's size and margins follow from the @page rules that match it; its name from the content it starts with.
  const pageHeight = (i: number, start?: number) =>
    contentBox(pages.page(i, start === undefined ? undefined : pageNameAt(laid.root, start)).geometry).height / laid.scale
  const keepTogether = !settings.disablePageBreakCalculation
  let slices = paginate({ height: laid.height, pageHeight, flow: laid.flow, keepTogether, stopAfter: task.limits.maxPages + 1 })
  // Pages of another width (a named page or :first with its own size) are laid out at their own width.
  let perPage: Array<{ ops: PaintOp[]; scale: number } | null> | undefined
  if (slices.some((_, i) => Math.abs(contentBox(pages.page(i).geometry).width - content.width) > 0.5)) {
    const byWidth = paginateByWidth({
      styled, engines, base: laid, width: content.width, height: content.height, pages, baseSlices: slices, keepTogether, stopAfter: task.limits.maxPages + 1,
    })
    if (byWidth) {
      slices = byWidth.map((p) => p.slice)
      const ops = new Map<LaidOutDocument, PaintOp[]>()
      const opsOf = (l: LaidOutDocument) => ops.get(l) ?? ops.set(l, displayList(l.root)).get(l)!
      perPage = byWidth.map((p) => (p.layout === laid ? null : { ops: opsOf(p.layout), scale: p.layout.scale }))
    }
  }
  const pageScale = (i: number) => perPage?.[i]?.scale ?? laid.scale
  if (slices.length > task.limits.maxPages) {
    throw new RenderError('QUIRE_ERR_RENDER_PAGES_LIMIT', `The document has more than ${task.limits.maxPages} pages (limit ${task.limits.maxPages})`)
  }
  const geometries = slices.map((_, i) => pages.page(i).geometry)

  // 5. header/footer, laid out now that the page count is known
  const bands = await headerFooterBands(headerFooterHtml(task, date), geometries, engines)
  const marginBoxes = marginBoxBands(slices.map((_, i) => pages.page(i)), engines)

  // 6. paint every page (7. encryption is set when the document is opened)
  const security = await pdfSecurity(settings, task.data, task.limits)
  // Tagging, links, outline, metadata, PDF/A, PDF/UA, attachments (docs/pdf-standards.md).
  const standards = resolveStandards(settings.pdf)
  const meta = documentMetadata(parsed.dom.head, parsed.dom.root, styled.title, settings.pdf)
  const files = await prepareAttachments(task.source, task.data, task.limits, settings)
  const fx = standards.facturX
  const xmp = { pdfA: standards.pdfA, pdfUA: standards.pdfUA, facturX: fx ? { documentType: fx.documentType ?? 'INVOICE', fileName: FACTUR_X_FILE_NAME, version: '1.0', level: fx.level } : null }
  const pdf = openPdf({ meta, date, security, tagged: standards.tagged, xmp })
  const target = createPaintTarget(pdf.doc, engines.fonts, engines.images, settings.printBackground, warnings)
  const marks = new DocumentMarks(pdf.doc, structureSkeleton(laid.root.el ?? styled.root), standards.tagged)
  target.marks = marks
  const ops = displayList(laid.root)
  const fixed = slices.length > 1 ? fixedBoxOps(laid.root, pageHeight(0)) : []
  const paintHeight = (i: number) => contentBox(geometries[i]).height / pageScale(i)
  paintPages(target, engines.fonts, { ops, perPage, fixed, slices, geometries, pageHeight: paintHeight, scale: laid.scale, canvas: laid.canvas, backgrounds: slices.map((_, i) => pages.page(i).rule.background ?? null), bands, marginBoxes })
  finishStandards(pdf.doc, { standards, marks, lang: meta.lang, pages: slices.length, files, date, warn: warnings.add })
  pdf.doc.end()
  const bytes = await pdf.bytes
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: 'application/pdf', extension: 'pdf', warnings: warnings.list }
}
