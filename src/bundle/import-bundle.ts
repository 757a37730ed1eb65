// Imports a bundle into one account, all or nothing. Every item is checked first — id shape and uniqueness,
// name, settings, Liquid, versions — in memory and with a few bulk queries (ids, version ids and the
// account's block names, each asked once, not once per item or per name tried); if any item is refused,
// nothing is imported and the report says which and why; otherwise every item is inserted in one transaction.
// A block whose name is taken gets a new name picked from the names in hand. Blocks first, so templates can
// refer to them. Linear in the bundle's size, with the event loop let through between items.
import type { Insertable, Kysely } from 'kysely'
import type { Database, DocumentVersionsTable, DocumentsTable } from '../store/database.js'
import { liquidSyntaxCheck, type LiquidSyntaxCheck } from '../render/liquid-syntax.js'
import { parseSettings } from '../settings.js'
import type { Store } from '../store/index.js'
import { newId } from '../store/new-id.js'
import { parsePublishDate } from '../parse-publish-date.js'
import { readBundle, type BundleItem, type ImportReport, type ItemReport } from './bundle-format.js'
import { transaction } from '../store/transaction.js'
import { nextTurn } from '../next-turn.js'

const IDS = { template: /^tpl_[A-Za-z0-9]{1,64}$/, block: /^cb_[A-Za-z0-9]{1,64}$/, version: /^ver_[A-Za-z0-9]{1,64}$/ }
/** Ids asked about per query (SQLite and PostgreSQL both take far more parameters; this keeps each statement short). */
const LOOKUP_BATCH = 500
/** Items checked, or rows inserted, between two turns of the event loop. */
const TURN_ITEMS = 50

class Refused extends Error {}


function liquidOk(checkLiquidSyntax: LiquidSyntaxCheck, html: unknown, where: string): string {
  if (typeof html !== 'string') throw new Refused(`${where}: html must be a string`)
  const problem = checkLiquidSyntax(html)
  if (problem) throw new Refused(`${where}: Liquid syntax error at line ${problem.line}, column ${problem.column}: ${problem.message}`)
  return html
}

function settingsOf(raw: unknown, rawOutput: boolean, where: string): string {
  const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  // TemplateTo (Fluid) does not escape output; its templates keep that unless the bundle says otherwise.
  const withEscaping = rawOutput && given.outputEscaping === undefined ? { ...given, outputEscaping: 'none' } : given
  try {
    return JSON.stringify(parseSettings(withEscaping))
  } catch (err) {
    throw new Refused(`${where}: ${(err as Error).message}`)
  }
}

/** What the bulk queries found, and what the items checked so far have claimed. */
interface Taken {
  /** Document id → the account that has it. */
  documents: Map<string, string>
  versions: Set<string>
  /** Block names of the account and of the bundle's blocks so far. */
  blockNames: Set<string>
  /** Next number to try per base name ("Address" → 2 for "Address (2)"). */
  nextSuffix: Map<string, number>
}

interface Planned {
  report: ItemReport
  document: Insertable<DocumentsTable>
  versions: Insertable<DocumentVersionsTable>[]
  publishedId: string | null
  schedule: { id: string; at: Date } | null
}

function freeName(taken: Taken, name: string): string {
  for (let n = taken.nextSuffix.get(name) ?? 2; ; n++) {
    const candidate = `${name} (${n})`
    if (!taken.blockNames.has(candidate)) {
      taken.nextSuffix.set(name, n + 1)
      return candidate
    }
  }
}

function plan(kind: 'template' | 'block', item: BundleItem, accountId: string, rawOutput: boolean, taken: Taken, check: LiquidSyntaxCheck, position: number): Planned | ItemReport {
  const shaped = item !== null && typeof item === 'object' && !Array.isArray(item)
  const id = shaped && typeof item.id === 'string' ? item.id : ''
  const name = shaped && typeof item.name === 'string' ? item.name.trim() : ''
  const report: ItemReport = { kind, id, name, outcome: 'imported' }
  try {
    if (!shaped) throw new Refused(`${kind} ${position} of the bundle is not an object`)
    if (!IDS[kind].test(id)) throw new Refused(`id "${id.slice(0, 80)}" is not a ${kind} id (${kind === 'template' ? 'tpl_' : 'cb_'} then letters and digits)`)
    if (name === '' || name.length > 200) throw new Refused('name must be 1 to 200 characters')
    const owner = taken.documents.get(id)
    if (owner !== undefined) throw new Refused(owner === accountId ? `id ${id} already exists in this account` : owner === '' ? `id ${id} appears twice in the bundle` : `id ${id} is used by another account`)
    if (item.versions !== undefined && !Array.isArray(item.versions)) throw new Refused('versions must be an array')
    const html = liquidOk(check, item.html, 'draft')
    const settings = settingsOf(item.settings, rawOutput, 'settings')
    const now = new Date().toISOString()
    const notes: string[] = []
    const rows = (item.versions ?? []).map((v, i) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Refused(`version ${i + 1} is not an object`)
      const versionId = typeof v.id === 'string' && IDS.version.test(v.id) ? v.id : newId('ver')
      if (v.id !== undefined && versionId !== v.id) notes.push(`version ${i + 1} id "${String(v.id).slice(0, 40)}" replaced by ${versionId}`)
      if (taken.versions.has(versionId)) throw new Refused(`version id ${versionId} already exists`)
      return {
        id: versionId, document_id: id, account_id: accountId,
        number: Number.isInteger(v.number) && (v.number as number) > 0 ? (v.number as number) : i + 1,
        html: liquidOk(check, v.html, `version ${i + 1}`),
        sample_data: JSON.stringify(v.sampleData ?? item.sampleData ?? {}),
        settings: settingsOf(v.settings ?? item.settings, rawOutput, `version ${i + 1} settings`),
        created_at: typeof v.createdAt === 'string' ? v.createdAt : now,
        published: v.published === true,
        publishAt: v.publishDate === undefined || v.publishDate === null ? null : parsePublishDate(v.publishDate),
        publishDate: v.publishDate,
      }
    })
    if (new Set(rows.map((r) => r.number)).size !== rows.length) throw new Refused('two versions have the same number')
    if (new Set(rows.map((r) => r.id)).size !== rows.length) throw new Refused('two versions have the same id')
    if (rows.filter((r) => r.published).length > 1) throw new Refused('more than one version is published')
    const schedule = pendingSchedule(rows, notes)
    let finalName = name
    if (kind === 'block' && taken.blockNames.has(name)) {
      finalName = freeName(taken, name)
      report.outcome = 'renamed'
      report.newName = finalName
      report.reason = `a content block named "${name}" already exists ({% include %} finds blocks by name)`
    }
    // Claimed only once the item is sure to be imported, so a refused item takes no name or id from the rest.
    taken.documents.set(id, '')
    for (const r of rows) taken.versions.add(r.id)
    if (kind === 'block') taken.blockNames.add(finalName)
    report.versions = rows.length
    if (notes.length > 0) report.reason = [report.reason, ...notes].filter(Boolean).join('; ')
    return {
      report,
      document: {
        id, account_id: accountId, kind, name: finalName, html, settings,
        sample_data: JSON.stringify(item.sampleData ?? {}),
        published_version_id: null,
        created_at: typeof item.createdAt === 'string' ? item.createdAt : now,
        updated_at: typeof item.updatedAt === 'string' ? item.updatedAt : now,
      },
      versions: rows.map(({ published: _p, publishAt: _a, publishDate: _d, ...row }) => row),
      publishedId: rows.find((r) => r.published)?.id ?? null,
      schedule,
    }
  } catch (err) {
    if (!(err instanceof Refused)) throw err
    return { kind, id, name, outcome: 'refused', reason: err.message }
  }
}

interface ScheduleCandidate { id: string; number: number; published: boolean; publishAt: Date | null; publishDate?: unknown }

/**
 * TemplateTo's `publishDate` on versions: the one pending schedule of the item (its future date), as
 * TemplateTo keeps one per item — with several, the highest version number wins and the rest are noted.
 * A date that has passed, one on the published version, or one that is not a date is noted and ignored.
 */
function pendingSchedule(rows: ScheduleCandidate[], notes: string[]): { id: string; at: Date } | null {
  const now = Date.now()
  const due: ScheduleCandidate[] = []
  for (const r of rows) {
    if (r.publishDate === undefined || r.publishDate === null) continue
    const shown = String(r.publishDate).slice(0, 40)
    if (!r.publishAt) notes.push(`version ${r.number} publishDate "${shown}" is not an ISO 8601 date-time: not scheduled`)
    else if (r.published) notes.push(`version ${r.number} is published: its publishDate ${shown} is not scheduled`)
    else if (r.publishAt.getTime() <= now) notes.push(`version ${r.number} publishDate ${shown} has passed: not scheduled (publish it if it should be live)`)
    else due.push(r)
  }
  if (due.length === 0) return null
  const chosen = due.reduce((a, b) => (b.number > a.number ? b : a))
  for (const r of due) if (r !== chosen) notes.push(`version ${r.number} publishDate not scheduled: one schedule per item, version ${chosen.number} is scheduled`)
  notes.push(`version ${chosen.number} scheduled to publish at ${chosen.publishAt!.toISOString()}`)
  return { id: chosen.id, at: chosen.publishAt! }
}

function idsOf(items: BundleItem[]): string[] {
  return items.map((i) => (i !== null && typeof i === 'object' && typeof i.id === 'string' ? i.id : '')).filter(Boolean)
}

function versionIdsOf(items: BundleItem[]): string[] {
  const ids: string[] = []
  for (const item of items) {
    if (item === null || typeof item !== 'object' || !Array.isArray(item.versions)) continue
    for (const v of item.versions) if (v !== null && typeof v === 'object' && typeof v.id === 'string') ids.push(v.id)
  }
  return ids
}

async function inBatches<T>(values: string[], query: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = []
  for (let i = 0; i < values.length; i += LOOKUP_BATCH) found.push(...(await query(values.slice(i, i + LOOKUP_BATCH))))
  return found
}

async function takenNow(db: Kysely<Database>, accountId: string, items: BundleItem[]): Promise<Taken> {
  const documents = await inBatches(idsOf(items), (batch) => db.selectFrom('documents').select(['id', 'account_id']).where('id', 'in', batch).execute())
  const versions = await inBatches(versionIdsOf(items), (batch) => db.selectFrom('document_versions').select('id').where('id', 'in', batch).execute())
  const names = await db.selectFrom('documents').select('name').where('account_id', '=', accountId).where('kind', '=', 'block').execute()
  return {
    documents: new Map(documents.map((d) => [d.id, d.account_id])),
    versions: new Set(versions.map((v) => v.id)),
    blockNames: new Set(names.map((n) => n.name)),
    nextSuffix: new Map(),
  }
}

async function insertAll(db: Kysely<Database>, planned: Planned[]): Promise<void> {
  await transaction(db, async (trx) => {
    let rows = 0
    for (const p of planned) {
      await trx.insertInto('documents').values(p.document).execute()
      if (p.versions.length > 0) await trx.insertInto('document_versions').values(p.versions).execute()
      const state = {
        ...(p.publishedId ? { published_version_id: p.publishedId } : {}),
        ...(p.schedule ? { scheduled_version_id: p.schedule.id, scheduled_publish_at: p.schedule.at.toISOString() } : {}),
      }
      if (Object.keys(state).length > 0) await trx.updateTable('documents').set(state).where('id', '=', p.document.id as string).execute()
      rows += 1 + p.versions.length
      if (rows >= TURN_ITEMS) {
        rows = 0
        await nextTurn()
      }
    }
  })
}

/**
 * The report of an import. `committed` false: at least one item was refused, so nothing was imported; the
 * other items say what they would have been.
 */
export async function importBundle(store: Store, accountId: string, input: unknown): Promise<ImportReport> {
  const bundle = readBundle(input)
  const rawOutput = bundle.source === 'templateto'
  const check = await liquidSyntaxCheck()
  const taken = await takenNow(store.db, accountId, [...bundle.blocks, ...bundle.templates])
  const planned: Planned[] = []
  const items: ItemReport[] = []
  let checked = 0
  for (const [kind, list] of [['block', bundle.blocks], ['template', bundle.templates]] as const) {
    for (const [index, item] of list.entries()) {
      const outcome = plan(kind, item, accountId, rawOutput, taken, check, index + 1)
      if ('document' in outcome) {
        planned.push(outcome)
        items.push(outcome.report)
      } else items.push(outcome)
      if (++checked % TURN_ITEMS === 0) await nextTurn()
    }
  }
  const count = (o: string) => items.filter((i) => i.outcome === o).length
  const refused = count('refused')
  if (refused > 0) {
    const why = `not imported: ${refused} other item${refused === 1 ? ' was' : 's were'} refused, and an import is all or nothing`
    const reported = items.map((i): ItemReport => (i.outcome === 'refused' ? i : { kind: i.kind, id: i.id, name: i.name, outcome: 'skipped', reason: why }))
    return { committed: false, imported: 0, renamed: 0, refused, skipped: items.length - refused, items: reported }
  }
  await insertAll(store.db, planned)
  return { committed: true, imported: count('imported'), renamed: count('renamed'), refused: 0, skipped: 0, items }
}
