import type { RenderOutput, TxtTask } from '../contract.js'
import { renderDocumentHtml } from '../template/index.js'

export async function renderTxt(task: TxtTask): Promise<RenderOutput> {
  const html = await renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits })
  return { bytes: Buffer.from(html, 'utf8'), contentType: 'text/plain; charset=utf-8', extension: 'txt', warnings: [] }
}
