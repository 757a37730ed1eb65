// The TXT painter: the document's HTML (renderers/pipeline/text-document.ts) → marked-up structure (hidden
// parts dropped, page breaks marked) → text.
import type { RenderOutput } from '../contract.js'
import type { Warnings } from '../warnings.js'
import { htmlToPlainText } from './html-to-plain-text.js'
import { markTextStructure } from './mark-text-structure.js'

export function paintTxt(doc: { html: string; warnings: Warnings }): RenderOutput {
  const text = htmlToPlainText(markTextStructure(doc.html))
  return { bytes: Buffer.from(text, 'utf8'), contentType: 'text/plain; charset=utf-8', extension: 'txt', warnings: doc.warnings.list }
}
