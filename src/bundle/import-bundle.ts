// Imports a bundle into one account item by item: each template or block keeps its id and versions, or
// is refused with the reason (id taken or malformed, invalid settings, Liquid that does not parse);
// a block whose name is already used gets a new name. Blocks first, so templates can refer to them.
import { liquidSyntaxCheck, type LiquidSyntaxCheck } from '../render/liquid-syntax.js'
import { parseSettings } from '../settings.js'
import type { Store } from '../store/index.js'
import { newId } from '../store/new-id.js'
import { parsePublishDate } from '../parse-publish-date.js'
import { readBundle, type BundleItem, type ImportReport, type ItemReport } from './bundle-format.js'

const IDS = { template: /^tpl_[A-Za-z0-9]{1,64}$/, block: /^cb_[A-Za-z0-9]{1,64}$/, version: /^ver_[A-Za-z0-9]{1,64}$/ }

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

async function freeName(store: Store, accountId: string, name: string): Promise<string> {
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`
    if (!(await store.blocks.byName(accountId, candidate))) return candidate
  }
}

async function importItem(store: Store, accountId: string, kind: 'template' | 'block', item: BundleItem, rawOutput: boolean): Promise<ItemReport> {
  const id = typeof item?.id === 'string' ? item.id : ''
  const name = typeof item?.name === 'string' ? item.name.trim() : ''
  const report: ItemReport = { kind, id, name, outcome: 'imported' }
  try {
    if (!IDS[kind].test(id)) throw new Refused(`id "${id.slice(0, 80)}" is not a ${kind} id (${kind === 'template' ? 'tpl_' : 'cb_'} then letters and digits)`)
    if (name === '' || name.length > 200) throw new Refused('name must be 1 to 200 characters')
    const taken = await store.db.selectFrom('documents').select(['id', 'account_id']).where('id', '=', id).executeTakeFirst()
    if (taken) throw new Refused(taken.account_id === accountId ? `id ${id} already exists in this account` : `id ${id} is used by another account`)
    let finalName = name
    if (kind === 'block' && (await store.blocks.byName(accountId, name))) {
      finalName = await freeName(store, accountId, name)
      report.outcome = 'renamed'
      report.newName = finalName
      report.reason = `a content block named "${name}" already exists ({% include %} finds blocks by name)`
    }
    const now = new Date().toISOString()
    const checkLiquidSyntax = await liquidSyntaxCheck()
    const html = liquidOk(checkLiquidSyntax, item.html, 'draft')
    const settings = settingsOf(item.settings, rawOutput, 'settings')
    const versions = Array.isArray(item.versions) ? item.versions : []
    const notes: string[] = []
    const rows = versions.map((v, i) => {
      const versionId = typeof v.id === 'string' && IDS.version.test(v.id) ? v.id : newId('ver')
      if (v.id !== undefined && versionId !== v.id) notes.push(`version ${i + 1} id "${String(v.id).slice(0, 40)}" replaced by ${versionId}`)
      return {
        id: versionId, document_id: id, account_id: accountId,
        number: Number.isInteger(v.number) && (v.number as number) > 0 ? (v.number as number) : i + 1,
        html: liquidOk(checkLiquidSyntax, v.html, `version ${i + 1}`),
        sample_data: JSON.stringify(v.sampleData ?? item.sampleData ?? {}),
        settings: settingsOf(v.settings ?? item.settings, rawOutput, `version ${i + 1} settings`),
        created_at: typeof v.createdAt === 'string' ? v.createdAt : now,
        published: v.published === true,
        publishAt: v.publishDate === undefined || v.publishDate === null ? null : parsePublishDate(v.publishDate),
        publishDate: v.publishDate,
      }
    })
    if (new Set(rows.map((r) => r.number)).size !== rows.length) throw new Refused('two versions have the same number')
    if (rows.filter((r) => r.published).length > 1) throw new Refused('more than one version is published')
    const schedule = pendingSchedule(rows, notes)
    const versionIds = rows.map((r) => r.id)
    if (versionIds.length > 0) {
      const clash = await store.db.selectFrom('document_versions').select('id').where('id', 'in', versionIds).executeTakeFirst()
      if (clash) throw new Refused(`version id ${clash.id} already exists`)
    }
    await store.db.transaction().execute(async (trx) => {
      await trx.insertInto('documents').values({
        id, account_id: accountId, kind, name: finalName, html, settings,
        sample_data: JSON.stringify(item.sampleData ?? {}),
        published_version_id: null,
        created_at: typeof item.createdAt === 'string' ? item.createdAt : now,
        updated_at: typeof item.updatedAt === 'string' ? item.updatedAt : now,
      }).execute()
      for (const { published: _published, publishAt: _at, publishDate: _date, ...row } of rows) await trx.insertInto('document_versions').values(row).execute()
      const published = rows.find((r) => r.published)
      if (published) await trx.updateTable('documents').set({ published_version_id: published.id }).where('id', '=', id).execute()
      if (schedule) {
        await trx.updateTable('documents').set({ scheduled_version_id: schedule.id, scheduled_publish_at: schedule.at.toISOString() }).where('id', '=', id).execute()
      }
    })
    report.versions = rows.length
    if (notes.length > 0) report.reason = [report.reason, ...notes].filter(Boolean).join('; ')
    return report
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

export async function importBundle(store: Store, accountId: string, input: unknown): Promise<ImportReport> {
  const bundle = readBundle(input)
  const rawOutput = bundle.source === 'templateto'
  const items: ItemReport[] = []
  for (const block of bundle.blocks) items.push(await importItem(store, accountId, 'block', block, rawOutput))
  for (const template of bundle.templates) items.push(await importItem(store, accountId, 'template', template, rawOutput))
  const count = (o: string) => items.filter((i) => i.outcome === o).length
  return { imported: count('imported'), renamed: count('renamed'), refused: count('refused'), items }
}
