// A request that fails its route schema gets the registry code and sentence that the hand-written check
// it replaced gave (callers and docs/errors.md rely on them): an unknown format or render type, a
// malformed template, version or job id, a missing body, template data or HTML, no clips. Anything else
// is QUIRE_ERR_REQUEST_INVALID naming the member as the handlers do (`clips[0].x is required`).
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify'
import { Errors } from '../errors.js'
import { dataMissing } from '../render/tasks.js'
import { HTML_RENDER_TYPES_HINT, TEMPLATE_RENDER_TYPES_HINT } from '../jobs/job-request.js'

type Bag = Record<string, unknown>

const CLIPS_REQUIRED = 'clips must be a non-empty array of {name?, x, y, width, height, circular?, format?}'
const BASE64_MISSING = 'base64HtmlString is required: the HTML to render, Base64-encoded'

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
}

function valueAt(root: unknown, path: string[]): unknown {
  let value = root
  for (const key of path) value = value && typeof value === 'object' ? (value as Bag)[key] : undefined
  return value
}

/** `clips`, `0`, `x` → `clips[0].x` */
function dotted(path: string[]): string {
  return path.reduce((out, key) => (/^\d+$/.test(key) ? `${out}[${key}]` : out ? `${out}.${key}` : key), '')
}

function text(value: unknown, max: number): string {
  return String(value ?? '').slice(0, max)
}

export function schemaProblem(failure: FastifySchemaValidationError, context: string, request: FastifyRequest): Error {
  const part = context === 'querystring' ? 'query' : context
  const source = (request as unknown as Bag)[part]
  const at = pathOf(failure.instancePath)
  const missing = failure.keyword === 'required' ? String((failure.params as { missingProperty?: string }).missingProperty) : undefined
  const path = missing ? [...at, missing] : at
  const member = path.join('.')
  const value = valueAt(source, path)

  if (context === 'params') {
    switch (member) {
      case 'format': return new Errors.REQUEST_INVALID(`Unknown format "${text(value, 40)}": use pdf, image or txt`)
      case 'renderType': {
        const html = request.routeOptions.url?.includes('/fromhtml') ?? false
        return new Errors.ASYNC_RENDER_TYPE_INVALID(text(value, 40), html ? HTML_RENDER_TYPES_HINT : TEMPLATE_RENDER_TYPES_HINT)
      }
      case 'templateId': case 'id': return new Errors.TEMPLATE_ID_INVALID(text(value, 80))
      case 'versionId': return new Errors.VERSION_ID_INVALID(text(value, 80))
      // Malformed ids are answered like unknown ones: no lookup for an id that cannot exist.
      case 'jobId': return new Errors.JOB_NOT_FOUND(text(value, 40))
    }
  }
  if (context === 'body') {
    const templateDataBody = request.routeOptions.schema?.body && (request.routeOptions.schema.body as Bag).$ref === 'TemplateData#'
    if (path.length === 0) return templateDataBody ? dataMissing(request.body, 'The request body') : new Errors.REQUEST_DATA_MISSING('The request body must be a JSON object')
    if (member === 'data') return dataMissing(value, 'data')
    if (member === 'base64HtmlString') return new Errors.REQUEST_DATA_MISSING(BASE64_MISSING)
    if (member === 'clips') return new Errors.REQUEST_INVALID(CLIPS_REQUIRED)
  }
  if (context === 'querystring' && failure.keyword === 'type' && path.length === 1) {
    return new Errors.REQUEST_INVALID(`${member} must be given once, as a string`)
  }
  const where = dotted(path)
  if (missing) return new Errors.REQUEST_INVALID(`${where} is required`)
  return new Errors.REQUEST_INVALID(`${where || `The request ${context}`} ${failure.message ?? 'is not valid'}; got ${text(JSON.stringify(value), 80)}`)
}
