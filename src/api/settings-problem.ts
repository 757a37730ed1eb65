// A body whose `settings` fail their schema (TemplateSettingsInput, src/api/settings-schema.ts) is answered
// as the settings parser answers it: 400 QUIRE_ERR_SETTINGS_INVALID with the parser's sentence naming the
// member (`settings.paper.size must be one of …`), whichever route refused it — the management API, the raw
// HTML renders. The schema is made from the parser's table, so the parser refuses what it refuses; should
// it not, the schema's own words are used, under the same code.
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify'
import { Errors } from '../errors.js'
import { parseSettings } from '../settings.js'

export function settingsProblem(failure: FastifySchemaValidationError, context: string | undefined, request: FastifyRequest): Error | undefined {
  if (context !== 'body' || !/^\/settings(\/|$)/.test(failure.instancePath)) return undefined
  const settings = (request.body as Record<string, unknown> | null)?.settings
  try {
    parseSettings(settings)
  } catch (err) {
    if (err instanceof Errors.SETTINGS_INVALID) return err
    throw err
  }
  const where = failure.instancePath.split('/').slice(1).join('.')
  return new Errors.SETTINGS_INVALID(`${where} ${failure.message ?? 'is not valid'}`)
}
