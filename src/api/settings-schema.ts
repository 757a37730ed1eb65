// The OpenAPI schema of template settings, made from the parser's own table (SETTINGS_SHAPE in
// src/settings.ts), so the document cannot drift from what is accepted. As a record the settings are always
// complete (the store parses them on every read), so the members the parser requires are required here; a
// request may give any part of them (they are merged over the defaults or the stored settings).
import { DEFAULT_SETTINGS, MAX_PAPER_MM, SETTINGS_SHAPE, type Rule, type Shape } from '../settings.js'

type JsonSchema = Record<string, unknown>

function ruleSchema(rule: Rule): JsonSchema {
  switch (rule.kind) {
    case 'boolean': return { type: 'boolean' }
    case 'string': return { type: 'string', maxLength: rule.maxLength }
    case 'nullableString': return { type: ['string', 'null'], maxLength: rule.maxLength }
    case 'mm': return { type: 'number', minimum: 0, maximum: MAX_PAPER_MM, description: 'millimetres' }
    case 'enum': return { type: 'string', enum: [...rule.values] }
    case 'lang': return { type: 'string', pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$', description: 'a BCP 47 language tag', example: 'de-CH' }
    case 'culture': return { type: 'string', description: '.NET culture name (docs/templateto.md)', example: 'de-DE' }
    case 'object': return shapeSchema(rule.fields)
  }
}

function shapeSchema(shape: Shape): JsonSchema {
  const required = Object.keys(shape).filter((key) => !shape[key].optional)
  return {
    type: 'object',
    additionalProperties: false,
    ...(required.length ? { required } : {}),
    properties: Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, ruleSchema(field.rule)])),
  }
}

export const templateSettingsSchema = {
  $id: 'TemplateSettings',
  ...shapeSchema(SETTINGS_SHAPE),
  description: 'Template settings (docs/api.md; PDF standards: docs/pdf-standards.md). Optional members absent = their default.',
  example: { ...DEFAULT_SETTINGS, missingVariables: 'error', pdf: { pdfA: 'PDF/A-3b', lang: 'de', metadata: { author: 'Example GmbH' } } },
}
