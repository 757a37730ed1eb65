// The DOCX painter: a document prepared for Word (renderers/pipeline/word-document.ts) → Word paragraphs,
// lists and tables → a section with the page setup, header and footer → .docx bytes.
import { Document, Packer, Paragraph } from 'docx'
import type { RenderOutput, TemplateSettings } from '../contract.js'
import type { WordDocument } from '../pipeline/finished-document.js'
import { BodyWriter } from './body-writer.js'
import type { DocxContext } from './docx-context.js'
import { bodyOf, headersAndFooters } from './header-footer.js'
import { ListNumbering } from './list-numbering.js'
import { pageSetup } from './page-setup.js'

const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export async function paintDocx(word: WordDocument, settings: TemplateSettings): Promise<RenderOutput> {
  const { warnings, images } = word.engines
  const { page, contentWidth } = pageSetup(word.geometry)
  if (settings.cover.enabled && (settings.cover.marginsMm || settings.cover.orientation)) {
    warnings.add('DOCX: cover page margins and orientation are not applied (Word sections cannot end after exactly one page)')
  }
  if (settings.security.passwordEnabled) warnings.add('DOCX: password protection applies to PDF output only')

  const ctx: DocxContext = { images, numbering: new ListNumbering(), contentWidth, warnings }
  const body = new BodyWriter(ctx).write(bodyOf(word.styled.root))
  const { headers, footers, titlePage } = headersAndFooters(word, settings, ctx)

  const doc = new Document({
    creator: 'Quire',
    title: word.title ?? undefined,
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
