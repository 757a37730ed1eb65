// What the asynchronous start endpoints read besides the body: the render type in the path and the
// three optional query parameters. Their route schemas check the render type and that each parameter is
// one string (src/api/schemas.ts); here the rules a schema cannot say, each a 400 that names the problem.
import { Errors } from '../errors.js'
import { httpsAddressProblem } from './https-address.js'

export type TemplateRenderType = 'pdf' | 'docx' | 'txt' | 'image'
export type HtmlRenderType = 'pdf' | 'image'
export const TEMPLATE_RENDER_TYPES_HINT = 'pdf, docx, txt or image (clips: /render/async/image/{templateId}/clips)'
export const HTML_RENDER_TYPES_HINT = 'pdf or image for raw HTML (clips: /render/async/image/fromhtml/clips)'

export interface AsyncQuery { templateVersionId?: string; outputPresignedUrl: string | null; webhookUrl: string | null }

/** The route schema made each parameter one string; empty is the same as absent. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name]
  return value === undefined || value === '' ? undefined : String(value)
}

export function asyncQuery(query: unknown, forTemplate: boolean, options: { webhookHttpLoopback?: boolean } = {}): AsyncQuery {
  const bag = (query ?? {}) as Record<string, unknown>
  const templateVersionId = single(bag, 'templateVersionId')
  if (templateVersionId !== undefined && !forTemplate) {
    throw new Errors.REQUEST_INVALID('templateVersionId applies to template jobs only, not to raw HTML')
  }
  const outputPresignedUrl = single(bag, 'outputPresignedUrl') ?? null
  const webhookUrl = single(bag, 'webhookUrl') ?? null
  const outputProblem = outputPresignedUrl === null ? null : httpsAddressProblem(outputPresignedUrl)
  if (outputProblem) throw new Errors.ASYNC_OUTPUT_URL_INVALID(outputProblem)
  const webhookProblem = webhookUrl === null ? null : httpsAddressProblem(webhookUrl, { httpLoopback: options.webhookHttpLoopback })
  if (webhookProblem) throw new Errors.ASYNC_WEBHOOK_URL_INVALID(webhookProblem)
  return { templateVersionId, outputPresignedUrl, webhookUrl }
}
