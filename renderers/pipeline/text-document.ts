// The composition stage for TXT: the template stage only. Plain text is read from the HTML's structure
// (headings, tables, breaks; hidden parts dropped by its own rules, txt/print-style-rules.ts), not from a
// styled tree, so nothing is styled, fetched or laid out.
import type { RenderTask } from '../contract.js'
import { renderDocumentHtml } from '../template/index.js'

export function textDocument(task: RenderTask): Promise<string> {
  return renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits })
}
