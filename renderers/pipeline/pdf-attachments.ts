// The files a PDF embeds, as bytes: those given with the task, and those rendered from a content block with
// the render's data (the Factur-X XML) — template work, so it is done here and the painter only embeds them
// (renderers/pdf/standards/embed-attachments.ts). An XML attachment must be well-formed: a reader would
// refuse it.
import { XMLValidator } from 'fast-xml-parser'
import { RenderError, type DocumentSource, type PdfAttachment, type RenderLimits, type TemplateSettings } from '../contract.js'
import { renderBlockHtml, templateOptions } from '../template/index.js'
import type { EmbeddedFile } from './finished-document.js'

/** Refuses XML that is not well-formed, naming the file, the line and what is wrong. */
function checkWellFormedXml(name: string, xml: string): void {
  const result = XMLValidator.validate(xml, { allowBooleanAttributes: true })
  if (result === true) return
  const { msg, line, col } = result.err
  throw new RenderError('QUIRE_ERR_RENDER_ATTACHMENT_INVALID', `The attachment ${name} is not well-formed XML: ${msg} (line ${line}, column ${col})`)
}

export async function pdfAttachments(source: DocumentSource, data: unknown, limits: RenderLimits, settings: TemplateSettings): Promise<EmbeddedFile[]> {
  const out: EmbeddedFile[] = []
  for (const a of source.attachments ?? []) out.push(await prepared(a, source, data, limits, settings))
  return out
}

async function prepared(a: PdfAttachment, source: DocumentSource, data: unknown, limits: RenderLimits, settings: TemplateSettings): Promise<EmbeddedFile> {
  let bytes: Uint8Array
  if (a.source) {
    const text = (await renderBlockHtml(a.source, data, {}, limits, source.blocks, templateOptions(settings))).trim()
    bytes = new TextEncoder().encode(text)
  } else bytes = Buffer.from(a.base64 ?? '', 'base64')
  if (/[/+]xml$/.test(a.mimeType) || a.name.toLowerCase().endsWith('.xml')) checkWellFormedXml(a.name, new TextDecoder().decode(bytes))
  return { name: a.name, bytes, mimeType: a.mimeType, relationship: a.relationship ?? 'Unspecified', ...(a.description ? { description: a.description } : {}) }
}
