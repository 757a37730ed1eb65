// JSON Schemas of the public API: request parts and responses of every route, used by Fastify for
// response serialization and by @fastify/swagger for GET /openapi.json. Shared shapes are registered
// once (addSharedSchemas) and referenced as { $ref: 'Name#' }.
import type { FastifyInstance } from 'fastify'
import { templateSettingsInputSchema, templateSettingsSchema } from './settings-schema.js'
import { documentCreateSchema, documentUpdateSchema, versionCreateSchema } from './document-bodies.js'

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

const jobStartSchema = {
  $id: 'JobStart', type: 'object', additionalProperties: false,
  required: ['jobId', 'status', 'templateId', 'renderType', 'createdAt', 'expiresAt', 'statusUrl', 'resultUrl'],
  properties: jobStart,
} as const

const jobStatusSchema = {
  $id: 'JobStatus', type: 'object', additionalProperties: false,
  required: ['jobId', 'status', 'templateId', 'renderType', 'createdAt', 'expiresAt', 'statusUrl', 'completedAt', 'elapsedTimeMs', 'webhookDelivered', 'usesExternalOutput', 'errorMessage'],
  properties: {
    ...jobStart,
    resultUrl: { type: 'string', description: 'present only when status is Completed' },
    completedAt: nullableString,
    elapsedTimeMs: { type: ['number', 'null'] },
    webhookDelivered: { type: ['boolean', 'null'], description: 'null: no webhook was given; false until a delivery got a 2xx (also while retrying); true once one did' },
    webhookAttempts: { type: 'integer', minimum: 0, description: 'with a webhook: delivery attempts made so far (WEBHOOK_ATTEMPTS at most)' },
    usesExternalOutput: { type: 'boolean' },
    errorMessage: nullableString,
    cost: {
      type: 'object', additionalProperties: false, required: ['bytes'],
      description: 'once Completed: what the render cost — the render worker thread\'s CPU ms, the pages, the bytes of the output',
      properties: { cpuMs: { type: 'number' }, pages: { type: 'integer' }, bytes: { type: 'integer' } },
    },
    progress: {
      type: 'object', additionalProperties: false, required: ['pagesDone'],
      description: 'while Processing: how far the render is — the PDF pages painted so far (updated about once a second; 0 until the first page is painted, and for other formats until they end)',
      properties: { pagesDone: { type: 'integer', minimum: 0 } },
    },
  },
} as const

// Numbers and booleans of image options may come as text (.NET clients send "800", "True"); the format
// is png or jpeg in any case, jpg included. src/render/image-options.ts reads them and checks the ranges.
const numeric = (description: string) => ({ type: ['number', 'string'], description })
const flag = (description: string) => ({ type: ['boolean', 'string'], description })
const imageFormat = { type: 'string', description: 'png (default) or jpeg; jpg and any case accepted' } as const

const clip = {
  type: 'object', required: ['x', 'y', 'width', 'height'],
  properties: {
    name: { type: 'string', description: 'file name in the ZIP: 1–100 letters, digits, spaces, dots, dashes or underscores' },
    x: numeric('pixels from the left, integer ≥ 0'), y: numeric('pixels from the top, integer ≥ 0'),
    width: numeric('pixels, integer ≥ 1'), height: numeric('pixels, integer ≥ 1'),
    circular: flag('cut a circle inscribed in the clip'), format: imageFormat,
  },
} as const

const imageOptions = {
  format: imageFormat,
  width: numeric('pixels, integer; default from the template page size'),
  height: numeric('pixels, integer; only when fullPage is false'),
  quality: numeric('JPEG quality, integer 0–100; default 90'),
  fullPage: flag('default true'),
  scale: numeric('0.1–8; default 1'),
  deviceScaleFactor: numeric('0.1–8; default 1 (same as scale)'),
  clip: { type: ['object', 'null'], properties: { x: clip.properties.x, y: clip.properties.y, width: clip.properties.width, height: clip.properties.height, circular: clip.properties.circular } },
} as const

const base64Html = { type: 'string', pattern: '\\S', description: 'Base64 of the HTML (UTF-8)' } as const
const clips = { type: 'array', minItems: 1, items: clip, description: 'at most MAX_CLIPS clips' } as const

/** Files to embed in a PDF (src/render/request-attachments.ts checks them and says why one is refused). */
export const pdfAttachmentsSchema = {
  $id: 'PdfAttachments', type: 'array', maxItems: 20,
  description: 'PDF only: files embedded in the PDF byte for byte (EmbeddedFiles and the catalog\'s /AF). An XML file (by MIME type or .xml name) must be well-formed. Not with a PDF/A-2 level; with PDF/A-3 and Factur-X they go beside factur-x.xml. docs/pdf-standards.md',
  items: {
    type: 'object', required: ['name', 'base64'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100, description: 'file name, no slashes', example: 'order.xml' },
      base64: { type: 'string', contentEncoding: 'base64', description: 'the file\'s bytes', example: 'PG9yZGVyIGlkPSI3Ii8+' },
      mimeType: { type: 'string', description: 'default from the name: text/xml, application/json, text/csv, text/plain, application/pdf, image/png, image/jpeg, else application/octet-stream', example: 'text/xml' },
      description: { type: 'string', maxLength: 1000, example: 'The order as XML' },
      relationship: { type: 'string', enum: ['Source', 'Data', 'Alternative', 'Supplement', 'Unspecified'], default: 'Unspecified', description: '/AFRelationship' },
    },
  },
  example: [{ name: 'order.xml', base64: 'PG9yZGVyIGlkPSI3Ii8+', relationship: 'Source' }],
} as const

export const templateDataSchema = {
  $id: 'TemplateData', type: 'object', additionalProperties: true,
  description: 'The template data: its members are the variables the template uses. For async image jobs the image options are members of the same object. A PDF render may also carry `pdfAttachments` (PdfAttachments): files to embed, taken out of the data.',
} as const

const htmlBodySchema = {
  $id: 'HtmlBody', type: 'object', required: ['base64HtmlString'],
  properties: {
    base64HtmlString: base64Html,
    settings: { anyOf: [ref('TemplateSettingsInput'), { type: 'null' }], description: 'Template settings for this render: any part of TemplateSettings, merged over the defaults' },
    pdfAttachments: ref('PdfAttachments'),
    ...imageOptions,
  },
} as const

const templateClipsBodySchema = {
  $id: 'TemplateClipsBody', type: 'object', required: ['data', 'clips'],
  properties: { data: ref('TemplateData'), clips, format: imageFormat, width: imageOptions.width, quality: imageOptions.quality, scale: imageOptions.scale, deviceScaleFactor: imageOptions.deviceScaleFactor },
} as const

const htmlClipsBodySchema = {
  $id: 'HtmlClipsBody', type: 'object', required: ['base64HtmlString', 'clips'],
  properties: { base64HtmlString: base64Html, clips, format: imageFormat, width: imageOptions.width, quality: imageOptions.quality, scale: imageOptions.scale, deviceScaleFactor: imageOptions.deviceScaleFactor },
} as const

/** The schemas routes refer to as { $ref: 'Name#' }: registered with Fastify (OpenAPI) and the route validator. */
export const sharedSchemas = [problem, templateSettingsSchema, templateSettingsInputSchema, documentCreateSchema, documentUpdateSchema, versionCreateSchema, pdfAttachmentsSchema, jobStartSchema, jobStatusSchema, templateDataSchema, htmlBodySchema, templateClipsBodySchema, htmlClipsBodySchema]

export function addSharedSchemas(app: FastifyInstance): void {
  for (const schema of sharedSchemas) app.addSchema(schema)
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
export const TEMPLATE_ID_PATTERN = '^tpl_[A-Za-z0-9]{1,64}$'
const VERSION_ID_PATTERN = '^ver_[A-Za-z0-9]{1,64}$'
const templateIdParam = { type: 'string', pattern: TEMPLATE_ID_PATTERN, description: 'tpl_…' }
const versionIdParam = { type: 'string', pattern: VERSION_ID_PATTERN, description: 'ver_…' }
const jobIdParam = { type: 'string', pattern: '^[0-9A-Za-z]{22}$', description: 'job id (22 letters and digits)' }
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
    params: { type: 'object', properties: { format: formatParam, templateId: templateIdParam, ...(version ? { versionId: versionIdParam } : {}) } },
    // Documented here, read by src/render/image-options.ts (route-validator.ts says why).
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
    params: { type: 'object', properties: { templateId: templateIdParam, ...(version ? { versionId: versionIdParam } : {}) } },
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
    params: { type: 'object', properties: { ...renderType(['pdf', 'docx', 'txt', 'image']).properties, templateId: templateIdParam } },
    querystring: asyncQuery(true), body: ref('TemplateData'), response: accepted,
  },
  html: {
    tags: ['Asynchronous rendering'], security, summary: 'Start a job rendering raw HTML',
    params: renderType(['pdf', 'image']), querystring: asyncQuery(false), body: ref('HtmlBody'), response: accepted,
  },
  templateClips: {
    tags: ['Asynchronous rendering'], security, summary: 'Start a clips job of a saved template',
    params: { type: 'object', properties: { templateId: templateIdParam } }, querystring: asyncQuery(true), body: ref('TemplateClipsBody'), response: accepted,
  },
  htmlClips: {
    tags: ['Asynchronous rendering'], security, summary: 'Start a clips job of raw HTML',
    querystring: asyncQuery(false), body: ref('HtmlClipsBody'), response: accepted,
  },
  status: {
    tags: ['Asynchronous rendering'], security, summary: 'Job status',
    params: { type: 'object', properties: { jobId: jobIdParam } },
    response: { 200: { description: 'The job', ...ref('JobStatus') }, ...errors },
  },
  result: {
    tags: ['Asynchronous rendering'], security, summary: 'Job result: a redirect to a signed, expiring download address',
    params: { type: 'object', properties: { jobId: jobIdParam } },
    response: { 302: { description: 'Redirect to the download address', type: 'null' }, ...errors },
  },
  webhookSecret: {
    tags: ['Asynchronous rendering'], security, summary: 'The account\'s webhook signing secret and how notifications are signed',
    response: {
      200: {
        description: 'The secret', type: 'object', required: ['secret', 'header', 'scheme'],
        properties: { secret: { type: 'string' }, header: { type: 'string' }, scheme: { type: 'string' } },
      },
      ...errors,
    },
  },
  download: {
    tags: ['Asynchronous rendering'], summary: 'Signed download address (the signature is the authorization)',
    params: { type: 'object', properties: { jobId: id('job id') } },
    querystring: { type: 'object', properties: { expires: { type: 'string' }, signature: { type: 'string' } } },
    response: { 200: file('The result file'), 204: { description: 'The result was uploaded to the caller\'s storage', type: 'null' }, ...errors },
  },
}
