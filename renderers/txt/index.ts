// The TXT painter: the document's HTML (renderers/pipeline/text-document.ts) → marked-up structure (hidden
// parts dropped, page breaks marked) → text.
import type { RenderOutput } from '../contract.js'
import { htmlToPlainText } from './html-to-plain-text.js'
import { markTextStructure } from './mark-text-structure.js'

export function paintTxt(html: string): RenderOutput {
  const text = htmlToPlainText(markTextStructure(html))
  return { bytes: Buffer.from(text, 'utf8'), contentType: 'text/plain; charset=utf-8', extension: 'txt', warnings: [] }
}
