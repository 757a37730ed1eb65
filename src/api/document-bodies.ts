// Request bodies of the management API (plugins/management/documents.ts): creating and updating a template
// or content block, freezing its draft as a version. These schemas are what Fastify validates the bodies
// with (unknown members refused, nothing coerced) and what GET /openapi.json documents; the settings are
// TemplateSettingsInput, and what only the parser can check is said there.
const name = { type: 'string', minLength: 1, maxLength: 200, description: '1–200 characters', example: 'Invoice' } as const
const html = { type: 'string', maxLength: 2_000_000, description: 'Liquid and HTML, at most 2,000,000 characters; a Liquid syntax error is 400 QUIRE_ERR_TEMPLATE_SYNTAX naming line and column', example: '<h1>Invoice {{ number }}</h1>' } as const
const sampleData = { type: 'object', additionalProperties: true, description: 'Data for the editor\'s preview and the CLI\'s test render', example: { number: 42 } } as const
const settings = { $ref: 'TemplateSettingsInput#' } as const

export const documentCreateSchema = {
  $id: 'DocumentCreate', type: 'object', required: ['name', 'html'], additionalProperties: false,
  description: 'A new template or content block (its draft). Settings absent = the defaults.',
  properties: { name, html, sampleData, settings },
  example: { name: 'Invoice', html: '<h1>Invoice {{ number }}</h1>', sampleData: { number: 42 }, settings: { paper: { size: 'A4' }, marginsMm: { top: 20 } } },
} as const

export const documentUpdateSchema = {
  $id: 'DocumentUpdate', type: 'object', minProperties: 1, additionalProperties: false,
  description: 'Changes to the draft: at least one member. Settings are merged over the draft\'s settings.',
  properties: { name, html, sampleData, settings },
  example: { html: '<h1>Invoice {{ number }} for {{ customer.name }}</h1>', settings: { orientation: 'landscape' } },
} as const

export const versionCreateSchema = {
  $id: 'VersionCreate', type: ['object', 'null'], additionalProperties: false,
  description: 'Freezing the draft: `publish: true` also publishes the new version. `{}` or `null` freezes only.',
  properties: { publish: { type: 'boolean', description: 'default false' } },
  example: { publish: true },
} as const
