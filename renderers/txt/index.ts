// TXT output: template → HTML → marked-up structure (hidden parts dropped, page breaks marked) → text.
import type { RenderOutput, TxtTask } from '../contract.js'
import { renderDocumentHtml } from '../template/index.js'
import { htmlToPlainText } from './html-to-plain-text.js'
import { markTextStructure } from './mark-text-structure.js'

export async function renderTxt(task: TxtTask): Promise<RenderOutput> {
  const warnings: string[] = []
  const html = await renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits, warn: (m) => warnings.push(m) })
  const text = htmlToPlainText(markTextStructure(html))
  return { bytes: Buffer.from(text, 'utf8'), contentType: 'text/plain; charset=utf-8', extension: 'txt', warnings }
}
