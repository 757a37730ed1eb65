// The OpenAPI schemas of template settings, made from the parser's own table (SETTINGS_SHAPE in
// src/settings.ts), so the document cannot drift from what is accepted. As a record the settings are always
// complete (the store parses them on every read), so the members the parser requires are required there
// (TemplateSettings). A request gives any part of them, merged over the defaults or the stored settings, and
// `null` clears an optional member (TemplateSettingsInput): the same types, enums, limits and unknown-member
// refusal as the parser; what the parser checks across members (Custom paper needs its sides, PDF/A without
// encryption, margins smaller than the page, a known culture) only it can say.
import { DEFAULT_SETTINGS, MAX_PAPER_MM, SETTINGS_SHAPE, type Field, type Rule, type Shape } from '../settings.js'

type JsonSchema = Record<string, unknown>

/** As a request may give it: every member optional, the optional ones also `null`. */
type Mode = 'record' | 'input'

function ruleSchema(rule: Rule, mode: Mode): JsonSchema {
  switch (rule.kind) {
    case 'boolean': return { type: 'boolean' }
    case 'string': return { type: 'string', maxLength: rule.maxLength }
    case 'nullableString': return { type: ['string', 'null'], maxLength: rule.maxLength }
    case 'mm': return { type: 'number', minimum: 0, maximum: MAX_PAPER_MM, description: 'millimetres' }
    case 'enum': return { type: 'string', enum: [...rule.values] }
    case 'lang': return { type: 'string', pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$', description: 'a BCP 47 language tag', example: 'de-CH' }
    case 'culture': return { type: 'string', description: '.NET culture name (docs/templateto.md)', example: 'de-DE' }
    case 'object': return shapeSchema(rule.fields, mode)
  }
}

function fieldSchema(field: Field, mode: Mode): JsonSchema {
  const schema = ruleSchema(field.rule, mode)
  if (mode === 'record' || !field.optional || (Array.isArray(schema.type) && schema.type.includes('null'))) return schema
  // `null` clears an optional member; an enum lists it too, or null would fail the enum.
  const type = [schema.type, 'null']
  return { ...schema, type, ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) }
}

function shapeSchema(shape: Shape, mode: Mode): JsonSchema {
  const required = mode === 'record' ? Object.keys(shape).filter((key) => !shape[key].optional) : []
  return {
    type: 'object',
    additionalProperties: false,
    ...(required.length ? { required } : {}),
    properties: Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, fieldSchema(field, mode)])),
  }
}

export const templateSettingsSchema = {
  $id: 'TemplateSettings',
  ...shapeSchema(SETTINGS_SHAPE, 'record'),
  description: 'Template settings (docs/api.md; PDF standards: docs/pdf-standards.md). Optional members absent = their default.',
  example: { ...DEFAULT_SETTINGS, missingVariables: 'error', pdf: { pdfA: 'PDF/A-3b', lang: 'de', metadata: { author: 'Example GmbH' } } },
}

export const templateSettingsInputSchema = {
  $id: 'TemplateSettingsInput',
  ...shapeSchema(SETTINGS_SHAPE, 'input'),
  description: 'Template settings as a request gives them: any part of TemplateSettings, merged over the stored settings (or the defaults); null clears an optional member. Beyond these types the service checks across members (a Custom paper needs widthMm and heightMm, margins smaller than the page, PDF/A or Factur-X without a password, a known cultureName) and answers 400 QUIRE_ERR_SETTINGS_INVALID naming the member.',
  example: { paper: { size: 'Letter' }, marginsMm: { top: 20 }, missingVariables: 'error', pdf: { pdfA: 'PDF/A-3b', lang: 'en-US' } },
}
