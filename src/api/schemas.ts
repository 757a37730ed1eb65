// JSON Schemas of the public API: request parts and responses of every route, used by Fastify for
// response serialization and by @fastify/swagger for GET /openapi.json. Shared shapes are registered
// once (addSharedSchemas) and referenced as { $ref: 'Name#' }.
import type { FastifyInstance } from 'fastify'

const ref = (name: string) => ({ $ref: `${name}#` })

export const problem = {
  $id: 'Problem',
  type: 'object',
  description: 'Every error: application/problem+json with a stable `code` and a readable `error` sentence.',
  required: ['type', 'title', 'status', 'code', 'error'],
  additionalProperties: true,
  properties: {
    type: { type: 'string', example: 'about:blank' },
    title: { type: 'string', example: 'Bad Request' },
    status: { type: 'integer', example: 400 },
    code: { type: 'string', description: 'QUIRE_ERR_… (docs/errors.md)', example: 'QUIRE_ERR_REQUEST_INVALID' },
    error: { type: 'string', description: 'What was wrong and where' },
    requestId: { type: 'string', description: 'The request\'s id in the service logs (also the X-Request-Id header)' },
  },
} as const

const nullableString = { type: ['string', 'null'] } as const
const jobStart = {
  jobId: { type: 'string' },
  status: { type: 'string', enum: ['Pending', 'Processing', 'Completed', 'Failed', 'Expired'] },
  templateId: nullableString,
  renderType: { type: 'string', enum: ['pdf', 'image', 'image-clips', 'docx', 'txt'] },
  createdAt: { type: 'string', format: 'date-time' },
  expiresAt: { type: 'string', format: 'date-time' },
  statusUrl: { type: 'string' },
  resultUrl: { type: 'string' },
} as const

export const jobStartSchema = {
  $id: 'JobStart', type: 'object', additionalProperties: false,
  required: ['jobId', 'status', 'templateId', 'renderType', 'createdAt', 'expiresAt', 'statusUrl', 'resultUrl'],
  properties: jobStart,
} as const

export const jobStatusSchema = {
  $id: 'JobStatus', type: 'object', additionalProperties: false,
  required: ['jobId', 'status', 'templateId', 'renderType', 'createdAt', 'expiresAt', 'statusUrl', 'completedAt', 'elapsedTimeMs', 'webhookDelivered', 'usesExternalOutput', 'errorMessage'],
  properties: {
    ...jobStart,
    resultUrl: { type: 'string', description: 'present only when status is Completed' },
    completedAt: nullableString,
    elapsedTimeMs: { type: ['number', 'null'] },
    webhookDelivered: { type: ['boolean', 'null'] },
    usesExternalOutput: { type: 'boolean' },
    errorMessage: nullableString,
  },
} as const

const clip = {
  type: 'object', required: ['x', 'y', 'width', 'height'],
  properties: {
    name: { type: 'string' }, x: { type: 'integer' }, y: { type: 'integer' }, width: { type: 'integer' }, height: { type: 'integer' },
    circular: { type: 'boolean' }, format: { type: 'string', enum: ['png', 'jpeg'] },
  },
} as const

const imageOptions = {
  format: { type: 'string', enum: ['png', 'jpeg'], default: 'png' },
  width: { type: 'integer', description: 'pixels; default from the template page size' },
  height: { type: 'integer', description: 'pixels; only when fullPage is false' },
  quality: { type: 'integer', minimum: 0, maximum: 100, default: 90 },
  fullPage: { type: 'boolean', default: true },
  scale: { type: 'number', default: 1 },
  deviceScaleFactor: { type: 'number', default: 1 },
  clip: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' }, width: { type: 'integer' }, height: { type: 'integer' }, circular: { type: 'boolean' } } },
} as const

export const templateDataSchema = {
  $id: 'TemplateData', type: 'object', additionalProperties: true,
  description: 'The template data: its members are the variables the template uses. For async image jobs the image options are members of the same object.',
} as const

export const htmlBodySchema = {
  $id: 'HtmlBody', type: 'object', required: ['base64HtmlString'],
  properties: {
    base64HtmlString: { type: 'string', description: 'Base64 of the HTML' },
    settings: { type: 'object', description: 'Template settings (paper, margins, …) for this render' },
    ...imageOptions,
  },
} as const

export const templateClipsBodySchema = {
  $id: 'TemplateClipsBody', type: 'object', required: ['data', 'clips'],
  properties: { data: ref('TemplateData'), clips: { type: 'array', items: clip }, format: imageOptions.format, width: imageOptions.width, quality: imageOptions.quality },
} as const

export const htmlClipsBodySchema = {
  $id: 'HtmlClipsBody', type: 'object', required: ['base64HtmlString', 'clips'],
  properties: { base64HtmlString: { type: 'string' }, clips: { type: 'array', items: clip }, format: imageOptions.format, width: imageOptions.width, quality: imageOptions.quality },
} as const

export function addSharedSchemas(app: FastifyInstance): void {
  for (const schema of [problem, jobStartSchema, jobStatusSchema, templateDataSchema, htmlBodySchema, templateClipsBodySchema, htmlClipsBodySchema]) {
    app.addSchema(schema)
  }
}

/** Error responses every API route can give, as problem+json. */
export const errors = {
  '4xx': { description: 'Invalid request, key, or state (see `code`)', content: { 'application/problem+json': { schema: ref('Problem') } } },
  '5xx': { description: 'Render timeout, worker crash, busy, internal error', content: { 'application/problem+json': { schema: ref('Problem') } } },
} as const

const file = (description: string) => ({
  description,
  content: {
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
    'image/png': { schema: { type: 'string', format: 'binary' } },
    'image/jpeg': { schema: { type: 'string', format: 'binary' } },
    'text/plain': { schema: { type: 'string' } },
  },
})
const base64 = { description: 'The file as a Base64 string', content: { 'text/plain': { schema: { type: 'string', contentEncoding: 'base64' } } } }
const zip = { description: 'ZIP of one image per clip and manifest.json', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } }

const formatParam = { type: 'string', enum: ['pdf', 'image', 'txt'], description: 'pdf, image or txt' }
const id = (description: string) => ({ type: 'string', description })
const imageQuery = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: ['png', 'jpeg'], default: 'png' },
    width: { type: 'integer' }, height: { type: 'integer' }, quality: { type: 'integer', minimum: 0, maximum: 100 },
    fullpage: { type: 'boolean', default: true }, fullPage: { type: 'boolean', default: true }, scale: { type: 'number', default: 1 },
    clipX: { type: 'integer' }, clipY: { type: 'integer' }, clipWidth: { type: 'integer' }, clipHeight: { type: 'integer' },
    circular: { type: 'boolean', default: false },
  },
} as const
const asyncQuery = (template: boolean) => ({
  type: 'object',
  properties: {
    ...(template ? { templateVersionId: { type: 'string', description: 'render this version instead of the latest published' } } : {}),
    outputPresignedUrl: { type: 'string', format: 'uri', description: 'HTTPS address accepting PUT: the result is uploaded there' },
    webhookUrl: { type: 'string', format: 'uri', description: 'HTTPS address receiving a POST when the job ends' },
  },
})

const security = [{ apiKey: [] }]

/** Synchronous renders (plugins/render). */
export const renderSchemas = {
  template: (base64Body: boolean, version: boolean) => ({
    tags: ['Synchronous rendering'], security,
    summary: `Render a saved template${version ? ' version' : ''}${base64Body ? ' as Base64' : ''}`,
    description: 'Image query parameters apply when {format} is image.',
    params: { type: 'object', properties: { format: formatParam, templateId: id('tpl_…'), ...(version ? { versionId: id('ver_…') } : {}) } },
    querystring: imageQuery,
    body: ref('TemplateData'),
    response: { 200: base64Body ? base64 : file('The rendered file'), ...errors },
  }),
  html: (base64Body: boolean) => ({
    tags: ['Synchronous rendering'], security,
    summary: `Render raw HTML${base64Body ? ' as Base64' : ''}`,
    params: { type: 'object', properties: { format: formatParam } },
    body: ref('HtmlBody'),
    response: { 200: base64Body ? base64 : file('The rendered file'), ...errors },
  }),
  templateClips: (version: boolean) => ({
    tags: ['Synchronous rendering'], security, summary: `Cut clips out of an image render of a template${version ? ' version' : ''}`,
    params: { type: 'object', properties: { templateId: id('tpl_…'), ...(version ? { versionId: id('ver_…') } : {}) } },
    body: ref('TemplateClipsBody'),
    response: { 200: zip, ...errors },
  }),
  htmlClips: {
    tags: ['Synchronous rendering'], security, summary: 'Cut clips out of an image render of raw HTML',
    body: ref('HtmlClipsBody'),
    response: { 200: zip, ...errors },
  },
}

const accepted = { 202: { description: 'Job accepted', ...ref('JobStart') }, ...errors }
const renderType = (values: string[]) => ({ type: 'object', properties: { renderType: { type: 'string', enum: values } } })

/** Asynchronous renders (plugins/async). */
export const asyncSchemas = {
  template: {
    tags: ['Asynchronous rendering'], security, summary: 'Start a job rendering a saved template',
    params: { type: 'object', properties: { ...renderType(['pdf', 'docx', 'txt', 'image']).properties, templateId: id('tpl_…') } },
    querystring: asyncQuery(true), body: ref('TemplateData'), response: accepted,
  },
  html: {
    tags: ['Asynchronous rendering'], security, summary: 'Start a job rendering raw HTML',
    params: renderType(['pdf', 'image']), querystring: asyncQuery(false), body: ref('HtmlBody'), response: accepted,
  },
  templateClips: {
    tags: ['Asynchronous rendering'], security, summary: 'Start a clips job of a saved template',
    params: { type: 'object', properties: { templateId: id('tpl_…') } }, querystring: asyncQuery(true), body: ref('TemplateClipsBody'), response: accepted,
  },
  htmlClips: {
    tags: ['Asynchronous rendering'], security, summary: 'Start a clips job of raw HTML',
    querystring: asyncQuery(false), body: ref('HtmlClipsBody'), response: accepted,
  },
  status: {
    tags: ['Asynchronous rendering'], security, summary: 'Job status',
    params: { type: 'object', properties: { jobId: id('job id') } },
    response: { 200: { description: 'The job', ...ref('JobStatus') }, ...errors },
  },
  result: {
    tags: ['Asynchronous rendering'], security, summary: 'Job result: a redirect to a signed, expiring download address',
    params: { type: 'object', properties: { jobId: id('job id') } },
    response: { 302: { description: 'Redirect to the download address', type: 'null' }, ...errors },
  },
  download: {
    tags: ['Asynchronous rendering'], summary: 'Signed download address (the signature is the authorization)',
    params: { type: 'object', properties: { jobId: id('job id') } },
    querystring: { type: 'object', properties: { expires: { type: 'string' }, signature: { type: 'string' } } },
    response: { 200: file('The result file'), 204: { description: 'The result was uploaded to the caller\'s storage', type: 'null' }, ...errors },
  },
}
