// Template settings: the defaults, the paper table (one for the service and the renderers:
// renderers/layout/paged/paper-sizes.ts), and one strict parser used for every write (editor form,
// management API, seed) so that a stored template always holds a complete, valid object.
import type { MarginsMm, TemplateSettings } from '../renderers/contract.js'
import { PAPER_SIZES, PAPER_SIZES_MM, paperMm } from '../renderers/layout/paged/paper-sizes.js'
import { DEFAULT_SETTINGS } from '../renderers/default-settings.js'
import { resolveCulture } from '../renderers/template/templateto/culture.js'
import { Errors } from './errors.js'

export { PAPER_SIZES, PAPER_SIZES_MM }

/** Largest page side and margin accepted, in mm (A0's long side is 1189). */
export const MAX_PAPER_MM = 2000

export { DEFAULT_SETTINGS }

type Orientation = TemplateSettings['orientation']

/** The sheet in mm with the orientation applied, as the PDF prints it (renderers/layout/paged/paper-sizes.ts). */
export function paperSizeMm(
  settings: Pick<TemplateSettings, 'paper' | 'orientation'>,
  orientation: Orientation = settings.orientation,
): { widthMm: number; heightMm: number } {
  return paperMm(settings.paper, orientation) ?? { widthMm: 0, heightMm: 0 }
}

// ---- schema: one table per object, so unknown keys and wrong types fail with the field's path ----

export type Rule =
  | { kind: 'boolean' }
  | { kind: 'string'; maxLength: number }
  | { kind: 'nullableString'; maxLength: number }
  | { kind: 'mm' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'object'; fields: Shape; optional?: boolean }
  | { kind: 'culture' }
  /** A BCP 47 language tag (`de`, `en-GB`, `zh-Hant-TW`). */
  | { kind: 'lang' }

export interface Field { rule: Rule; optional?: boolean }
export type Shape = Record<string, Field>

const bool: Field = { rule: { kind: 'boolean' } }
const mm: Field = { rule: { kind: 'mm' } }
const optional = (field: Field): Field => ({ ...field, optional: true })
const orientationRule: Field = { rule: { kind: 'enum', values: ['portrait', 'landscape'] } }
const marginsShape: Shape = { top: mm, right: mm, bottom: mm, left: mm }
const blockRef: Field = {
  rule: { kind: 'object', fields: { enabled: bool, blockId: { rule: { kind: 'nullableString', maxLength: 64 } } } },
}

const text = (maxLength: number): Field => optional({ rule: { kind: 'string', maxLength } })

export const PDF_A_LEVELS = ['PDF/A-2b', 'PDF/A-2u', 'PDF/A-2a', 'PDF/A-3b', 'PDF/A-3u', 'PDF/A-3a'] as const
export const FACTUR_X_LEVELS = ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'] as const
export const FACTUR_X_DOCUMENT_TYPES = ['INVOICE', 'ORDER', 'ORDER_RESPONSE', 'ORDER_CHANGE'] as const

const PDF_SHAPE: Shape = {
  tagged: optional(bool),
  outline: optional(bool),
  pdfA: optional({ rule: { kind: 'enum', values: PDF_A_LEVELS } }),
  pdfUA: optional(bool),
  strict: optional(bool),
  lang: optional({ rule: { kind: 'lang' } }),
  metadata: optional({
    rule: { kind: 'object', fields: { title: text(1000), author: text(1000), subject: text(1000), keywords: text(1000), creator: text(1000) } },
  }),
  facturX: optional({
    rule: {
      kind: 'object',
      fields: {
        enabled: bool,
        blockId: { rule: { kind: 'nullableString', maxLength: 64 } },
        level: { rule: { kind: 'enum', values: FACTUR_X_LEVELS } },
        documentType: optional({ rule: { kind: 'enum', values: FACTUR_X_DOCUMENT_TYPES } }),
      },
    },
  }),
}

/** Every setting, its type and whether it may be absent: the parser's table, and the OpenAPI schema's (src/api/settings-schema.ts). */
export const SETTINGS_SHAPE: Shape = {
  paper: {
    rule: {
      kind: 'object',
      fields: { size: { rule: { kind: 'enum', values: PAPER_SIZES } }, widthMm: optional(mm), heightMm: optional(mm) },
    },
  },
  orientation: orientationRule,
  printBackground: bool,
  marginsMm: { rule: { kind: 'object', fields: marginsShape } },
  header: blockRef,
  footer: blockRef,
  cover: {
    rule: {
      kind: 'object',
      fields: {
        enabled: bool,
        marginsMm: optional({ rule: { kind: 'object', fields: marginsShape } }),
        hideHeaderFooter: optional(bool),
        orientation: optional(orientationRule),
      },
    },
  },
  security: {
    rule: {
      kind: 'object',
      fields: {
        passwordEnabled: bool,
        password: { rule: { kind: 'string', maxLength: 1024 } },
        permitPrint: bool,
        permitModify: bool,
        permitExtract: bool,
        permitAnnotations: bool,
      },
    },
  },
  disablePageBreakCalculation: bool,
  // TemplateTo's culture (format_number, currency, {{tt_date}}) and the output escaping choice (docs/templateto.md).
  cultureName: optional({ rule: { kind: 'culture' } }),
  outputEscaping: optional({ rule: { kind: 'enum', values: ['html', 'none'] } }),
  // A Liquid output of a variable the data lacks: a warning (default) or a 400 naming it.
  missingVariables: optional({ rule: { kind: 'enum', values: ['warn', 'error'] } }),
  // PDF standards (docs/pdf-standards.md): every member optional, absent = the default.
  pdf: optional({ rule: { kind: 'object', fields: PDF_SHAPE } }),
}

function invalid(message: string): never {
  throw new Errors.SETTINGS_INVALID(message)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}

function checkValue(rule: Rule, value: unknown, path: string, base: unknown): unknown {
  switch (rule.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : invalid(`${path} must be true or false, got ${describe(value)}`)
    case 'string':
    case 'nullableString':
      if (value === null && rule.kind === 'nullableString') return null
      if (typeof value !== 'string') {
        return invalid(`${path} must be a string${rule.kind === 'nullableString' ? ' or null' : ''}, got ${describe(value)}`)
      }
      return value.length <= rule.maxLength ? value : invalid(`${path} must be at most ${rule.maxLength} characters long`)
    case 'mm':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return invalid(`${path} must be a number of millimetres, got ${describe(value)}`)
      }
      if (value < 0) return invalid(`${path} must be a number ≥ 0, got ${value}`)
      return value <= MAX_PAPER_MM ? value : invalid(`${path} must be at most ${MAX_PAPER_MM} mm, got ${value}`)
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value)
        ? value
        : invalid(`${path} must be one of ${rule.values.join(', ')}; got ${describe(value)}`)
    case 'object':
      return mergeObject(rule.fields, value, path, base)
    case 'lang':
      return typeof value === 'string' && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(value)
        ? value
        : invalid(`${path} must be a language tag such as en or de-CH, got ${describe(value)}`)
    case 'culture':
      if (typeof value !== 'string') return invalid(`${path} must be a culture name such as en-US, got ${describe(value)}`)
      try {
        resolveCulture(value)
      } catch (err) {
        return invalid(`${path}: ${(err as Error).message}`)
      }
      return value
  }
}

/** Deep-merges `input` over `base` following `shape`; `null` clears an optional member. */
function mergeObject(shape: Shape, input: unknown, path: string, base: unknown): Record<string, unknown> {
  if (!isPlainObject(input)) invalid(`${path} must be an object, got ${describe(input)}`)
  const known = Object.keys(shape)
  for (const key of Object.keys(input)) {
    if (!Object.hasOwn(shape, key)) invalid(`${path}.${key} is not a known setting (known: ${known.join(', ')})`)
  }
  const from = isPlainObject(base) ? base : {}
  const out: Record<string, unknown> = {}
  for (const key of known) {
    const field = shape[key]
    const fieldPath = `${path}.${key}`
    const given = Object.hasOwn(input, key) ? input[key] : undefined
    if (given === null && field.optional) continue
    if (given === undefined) {
      if (from[key] !== undefined) out[key] = structuredClone(from[key])
      else if (!field.optional) invalid(`${fieldPath} is required`)
      continue
    }
    out[key] = checkValue(field.rule, given, fieldPath, from[key])
  }
  return out
}

function checkMarginsFit(margins: MarginsMm, page: { widthMm: number; heightMm: number }, path: string): void {
  if (margins.top + margins.bottom >= page.heightMm) {
    invalid(`${path}: top + bottom (${margins.top + margins.bottom} mm) must be less than the page height (${page.heightMm} mm)`)
  }
  if (margins.left + margins.right >= page.widthMm) {
    invalid(`${path}: left + right (${margins.left + margins.right} mm) must be less than the page width (${page.widthMm} mm)`)
  }
}

/**
 * Deep-merges a partial settings object over `base` and validates the result strictly.
 * Throws Errors.SETTINGS_INVALID naming the field path (e.g. `settings.paper.size must be one of …`).
 */
export function parseSettings(input: unknown, base: TemplateSettings = DEFAULT_SETTINGS): TemplateSettings {
  // Cover margins given in part start from the page margins, not from nothing.
  if (isPlainObject(input) && isPlainObject(input.cover) && isPlainObject(input.cover.marginsMm) && !base.cover.marginsMm) {
    base = { ...base, cover: { ...base.cover, marginsMm: base.marginsMm } }
  }
  const merged = mergeObject(SETTINGS_SHAPE, input ?? {}, 'settings', base) as unknown as TemplateSettings

  const { paper } = merged
  if (paper.size === 'Custom') {
    for (const side of ['widthMm', 'heightMm'] as const) {
      if (paper[side] === undefined) invalid(`settings.paper.${side} is required when settings.paper.size is Custom`)
      if (paper[side] < 1) invalid(`settings.paper.${side} must be at least 1 mm, got ${paper[side]}`)
    }
  } else {
    // Dimensions only mean something for Custom; dropping them keeps stored settings canonical.
    delete paper.widthMm
    delete paper.heightMm
  }

  const pdf = merged.pdf
  if (pdf?.pdfA && merged.security.passwordEnabled) {
    invalid(`settings.pdf.pdfA (${pdf.pdfA}) and settings.security.passwordEnabled cannot be combined: PDF/A forbids encryption`)
  }
  if (pdf?.facturX?.enabled) {
    if (!pdf.facturX.blockId) invalid('settings.pdf.facturX.blockId is required when settings.pdf.facturX.enabled is true (the content block holding the invoice XML)')
    if (pdf.pdfA && !pdf.pdfA.startsWith('PDF/A-3')) invalid(`settings.pdf.facturX needs PDF/A-3; settings.pdf.pdfA is ${pdf.pdfA}`)
    if (merged.security.passwordEnabled) invalid('settings.pdf.facturX and settings.security.passwordEnabled cannot be combined: Factur-X is PDF/A-3, which forbids encryption')
  }
  if (pdf?.pdfUA && pdf.tagged === false) invalid('settings.pdf.pdfUA needs a tagged PDF; settings.pdf.tagged is false')
  if (pdf?.pdfA?.endsWith('a') && pdf.tagged === false) invalid(`settings.pdf.pdfA ${pdf.pdfA} (level a) needs a tagged PDF; settings.pdf.tagged is false`)
  checkMarginsFit(merged.marginsMm, paperSizeMm(merged), 'settings.marginsMm')
  if (merged.cover.marginsMm) {
    checkMarginsFit(merged.cover.marginsMm, paperSizeMm(merged, merged.cover.orientation), 'settings.cover.marginsMm')
  }
  return merged
}
