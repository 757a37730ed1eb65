// The DOCX back-end: template → HTML → styled tree (the same front-end as PDF and images) → images →
// Word paragraphs, lists and tables → section with page setup, header and footer → .docx bytes.
import { Document, Packer, Paragraph } from 'docx'
import { RenderError, type DocxTask, type RenderOutput } from '../contract.js'
import { buildStyledDocument } from '../document/index.js'
import { budgetsOf } from '../default-budgets.js'
import type { PageRule } from '../document/styled-tree.js'
import { loadImagesWithWarnings } from '../resources/index.js'
import { renderDocumentHtml } from '../template/index.js'
import { BodyWriter } from './body-writer.js'
import type { DocxContext } from './docx-context.js'
import { bodyOf, headersAndFooters } from './header-footer.js'
import { ListNumbering } from './list-numbering.js'
import { pageGeometry, pageSetup } from './page-setup.js'
import { Warnings } from '../warnings.js'

const NO_PAGE_RULE: PageRule = { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export async function renderDocx(task: DocxTask): Promise<RenderOutput> {
  const date = task.now ? new Date(task.now) : new Date()
  if (Number.isNaN(date.getTime())) throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION', `task.now "${task.now}" is not a valid date`)
  const settings = task.source.settings

  const templateWarnings: string[] = []
  const html = await renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits, warn: (m) => templateWarnings.push(m) })
  const first = pageGeometry(settings, NO_PAGE_RULE)
  const budgets = budgetsOf(task.limits)
  let styled = buildStyledDocument(html, { type: 'print', width: first.width - first.margins.left - first.margins.right, height: first.height }, budgets)
  const { geometry, page } = pageSetup(settings, styled.page)
  const contentWidth = geometry.width - geometry.margins.left - geometry.margins.right
  if (Math.abs(contentWidth - (first.width - first.margins.left - first.margins.right)) > 0.5) {
    styled = buildStyledDocument(html, { type: 'print', width: contentWidth, height: geometry.height }, budgets)
  }
  const loaded = await loadImagesWithWarnings(styled, task.fetch, { budgets, maxWidth: contentWidth * 3 })
  const warnings = new Warnings()
  warnings.addAll(templateWarnings)
  warnings.addAll(styled.warnings)
  warnings.addAll(loaded.warnings)
  if (settings.cover.enabled && (settings.cover.marginsMm || settings.cover.orientation)) {
    warnings.add('DOCX: cover page margins and orientation are not applied (Word sections cannot end after exactly one page)')
  }
  if (settings.security.passwordEnabled) warnings.add('DOCX: password protection applies to PDF output only')

  const ctx: DocxContext = { images: loaded.images, numbering: new ListNumbering(), contentWidth, warnings }
  const body = new BodyWriter(ctx).write(bodyOf(styled.root))
  const { headers, footers, titlePage } = await headersAndFooters(task, ctx, date)

  const doc = new Document({
    creator: 'Quire',
    title: styled.title ?? undefined,
    numbering: { config: ctx.numbering.config() },
    sections: [{
      properties: { page, titlePage },
      headers,
      footers,
      children: body.length > 0 ? body : [new Paragraph({})],
    }],
  })
  const bytes = await Packer.toBuffer(doc)
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: DOCX_CONTENT_TYPE, extension: 'docx', warnings: warnings.list }
}
