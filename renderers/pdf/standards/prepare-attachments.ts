// The files a render embeds, as bytes: those given with the task, and those rendered from a content block
// with the render's data (the Factur-X XML). The Factur-X XML must be well-formed; any XML attachment is
// checked too, since a reader would refuse it.
import type { PdfAttachment, RenderLimits, TemplateSettings, DocumentSource } from '../../contract.js'
import { renderBlockHtml, templateOptions } from '../../template/index.js'
import { checkWellFormedXml, type EmbeddedFile } from './embed-attachments.js'

export async function prepareAttachments(source: DocumentSource, data: unknown, limits: RenderLimits, settings: TemplateSettings): Promise<EmbeddedFile[]> {
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
