// One reading of the editor form, shared by "save" and "preview": every field checked at once, each
// problem kept beside the field it belongs to (with line and column for the code editors), so a
// failed save re-renders the editor with all errors in place.
import type { TemplateSettings } from '../../renderers/contract.js'
import { liquidSyntaxCheck } from '../render/liquid-syntax.js'
import { parseSettings } from '../settings.js'
import { parseJsonText } from './parse-json-text.js'
import { settingsErrorField, settingsFromForm } from './settings-from-form.js'

export interface CodeError { message: string; line: number; column: number }

export interface EditorErrors {
  name?: string
  html?: CodeError
  sampleData?: CodeError
  settings?: { field: string | null; message: string }
}

export interface EditorForm {
  name: string
  html: string
  sampleDataText: string
  sampleData: Record<string, unknown>
  settings: TemplateSettings
  /**
   * What a save hands the store: the form's settings with null for each optional member it clears (the store
   * merges settings over the stored ones, so a member left out would be kept, not cleared).
   */
  settingsInput: Record<string, unknown>
  /** What the settings form shows: the parsed settings, or the submitted values when they did not parse. */
  displaySettings: TemplateSettings
  errors: EditorErrors
  ok: boolean
}

const MAX_NAME_LENGTH = 200

function field(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  return typeof value === 'string' ? value : ''
}

/**
 * `withSettings` is false for content blocks: their settings are not edited, `current` is kept.
 * Browsers send textarea line breaks as CRLF; they are stored as LF.
 */
export async function parseEditorForm(body: Record<string, unknown>, current: TemplateSettings, withSettings: boolean): Promise<EditorForm> {
  const errors: EditorErrors = {}
  const name = field(body, 'name').trim()
  if (name === '') errors.name = 'Give it a name'
  else if (name.length > MAX_NAME_LENGTH) errors.name = `The name must be at most ${MAX_NAME_LENGTH} characters long`

  const html = field(body, 'html').replace(/\r\n?/g, '\n')
  const syntax = (await liquidSyntaxCheck())(html)
  if (syntax) errors.html = { message: `Liquid syntax error: ${syntax.message}`, line: syntax.line, column: syntax.column }

  const sampleDataText = field(body, 'sampleData').replace(/\r\n?/g, '\n')
  let sampleData: Record<string, unknown> = {}
  const parsed = parseJsonText(sampleDataText.trim() === '' ? '{}' : sampleDataText)
  if (!parsed.ok) {
    errors.sampleData = { message: `Sample data is not valid JSON: ${parsed.message}`, line: parsed.line, column: parsed.column }
  } else if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    errors.sampleData = { message: 'Sample data must be a JSON object, like {"name": "Ada"}', line: 1, column: 1 }
  } else {
    sampleData = parsed.value as Record<string, unknown>
  }

  let settings = current
  let displaySettings = current
  let settingsInput: Record<string, unknown> = {}
  if (withSettings) {
    const submitted = settingsFromForm(body)
    settingsInput = submitted
    try {
      // Over the stored settings: those the form does not show (cultureName, outputEscaping) are kept.
      settings = parseSettings(submitted, current)
      displaySettings = settings
    } catch (err) {
      const message = (err as Error).message
      errors.settings = { field: settingsErrorField(message), message: message.replace(/^Invalid settings: /, '') }
      // Same shape as settings, with the offending text kept so the form shows what was typed.
      displaySettings = submitted as unknown as TemplateSettings
    }
  }
  return { name, html, sampleDataText, sampleData, settings, settingsInput, displaySettings, errors, ok: Object.keys(errors).length === 0 }
}
