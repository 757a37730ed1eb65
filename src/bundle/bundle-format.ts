// The import/export bundle: templates and content blocks with the ids they had (so `contentBlock("cb_…")`
// references, header/footer settings and integrations keep working), each with its draft, settings and
// versions. `quire export` writes it, `quire import` and POST /api/v1/import read it. docs/templateto.md.

export const BUNDLE_FORMAT = 'quire-bundle'
export const BUNDLE_VERSION = 1

export interface BundleVersion {
  id?: string
  number?: number
  html: string
  settings?: unknown
  sampleData?: unknown
  published?: boolean
  createdAt?: string
  /** When the version is due to become the published one: the item's one pending schedule (docs/templateto.md). */
  publishDate?: string
}

export interface BundleItem {
  id: string
  name: string
  html: string
  settings?: unknown
  sampleData?: unknown
  createdAt?: string
  updatedAt?: string
  versions?: BundleVersion[]
}

export interface Bundle {
  format: typeof BUNDLE_FORMAT
  version: typeof BUNDLE_VERSION
  /** Where the bundle came from: 'templateto' keeps Fluid's unescaped output for items without outputEscaping. */
  source?: string
  exportedAt?: string
  blocks: BundleItem[]
  templates: BundleItem[]
}

/** `skipped`: the item was fine, but another was refused, and an import is all or nothing. */
export type ItemOutcome = 'imported' | 'renamed' | 'refused' | 'skipped'

export interface ItemReport {
  kind: 'template' | 'block'
  id: string
  name: string
  outcome: ItemOutcome
  /** Why it was renamed or refused, and notes (version ids replaced, publish schedules, …). */
  reason?: string
  newName?: string
  versions?: number
}

export interface ImportReport {
  /** False when an item was refused: then nothing was imported. */
  committed: boolean
  imported: number
  renamed: number
  refused: number
  skipped: number
  items: ItemReport[]
}

/** The bundle's shape checked, or a message saying what is wrong where. */
export function readBundle(input: unknown): Bundle {
  const fail = (msg: string): never => { throw new BundleFormatError(msg) }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return fail('the bundle must be a JSON object')
  const b = input as Record<string, unknown>
  if (b.format !== BUNDLE_FORMAT) fail(`format must be "${BUNDLE_FORMAT}", got ${JSON.stringify(b.format)}`)
  if (b.version !== BUNDLE_VERSION) fail(`version must be ${BUNDLE_VERSION}, got ${JSON.stringify(b.version)}`)
  for (const key of ['templates', 'blocks'] as const) {
    if (b[key] === undefined) b[key] = []
    if (!Array.isArray(b[key])) fail(`${key} must be an array`)
  }
  return b as unknown as Bundle
}

export class BundleFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BundleFormatError'
  }
}
