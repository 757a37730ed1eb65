// What the asynchronous start endpoints read besides the body: the render type in the path and the
// three optional query parameters, each checked with a 400 that names the problem.
import { Errors } from '../errors.js'
import { httpsAddressProblem } from './https-address.js'

export const TEMPLATE_RENDER_TYPES = ['pdf', 'docx', 'txt', 'image'] as const
export const HTML_RENDER_TYPES = ['pdf', 'image'] as const
export type TemplateRenderType = (typeof TEMPLATE_RENDER_TYPES)[number]
export type HtmlRenderType = (typeof HTML_RENDER_TYPES)[number]

export function templateRenderType(value: string): TemplateRenderType {
  if ((TEMPLATE_RENDER_TYPES as readonly string[]).includes(value)) return value as TemplateRenderType
  throw new Errors.ASYNC_RENDER_TYPE_INVALID(value.slice(0, 40), 'pdf, docx, txt or image (clips: /render/async/image/{templateId}/clips)')
}

export function htmlRenderType(value: string): HtmlRenderType {
  if ((HTML_RENDER_TYPES as readonly string[]).includes(value)) return value as HtmlRenderType
  throw new Errors.ASYNC_RENDER_TYPE_INVALID(value.slice(0, 40), 'pdf or image for raw HTML (clips: /render/async/image/fromhtml/clips)')
}

export interface AsyncQuery { templateVersionId?: string; outputPresignedUrl: string | null; webhookUrl: string | null }

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name]
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string') throw new Errors.REQUEST_INVALID(`${name} must be given once, as a string`)
  return value
}

export function asyncQuery(query: unknown, forTemplate: boolean): AsyncQuery {
  const bag = (query ?? {}) as Record<string, unknown>
  const templateVersionId = single(bag, 'templateVersionId')
  if (templateVersionId !== undefined && !forTemplate) {
    throw new Errors.REQUEST_INVALID('templateVersionId applies to template jobs only, not to raw HTML')
  }
  const outputPresignedUrl = single(bag, 'outputPresignedUrl') ?? null
  const webhookUrl = single(bag, 'webhookUrl') ?? null
  const outputProblem = outputPresignedUrl === null ? null : httpsAddressProblem(outputPresignedUrl)
  if (outputProblem) throw new Errors.ASYNC_OUTPUT_URL_INVALID(outputProblem)
  const webhookProblem = webhookUrl === null ? null : httpsAddressProblem(webhookUrl)
  if (webhookProblem) throw new Errors.ASYNC_WEBHOOK_URL_INVALID(webhookProblem)
  return { templateVersionId, outputPresignedUrl, webhookUrl }
}
