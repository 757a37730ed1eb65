// The composition stage for TXT: the template stage only. Plain text is read from the HTML's structure
// (headings, tables, breaks; hidden parts dropped by its own rules, txt/print-style-rules.ts), not from a
// styled tree, so nothing is styled, fetched or laid out.
import type { RenderTask } from '../contract.js'
import { renderDocumentHtml } from '../template/index.js'
import { Warnings } from '../warnings.js'

/** The document's HTML and the template's warnings (variables the data lacks). */
export async function textDocument(task: RenderTask): Promise<{ html: string; warnings: Warnings }> {
  const warnings = new Warnings()
  const html = await renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits, warn: warnings.add })
  return { html, warnings }
}
