// Templates and content blocks: an editable draft plus immutable, numbered versions, one of which
// may be published. One class serves both kinds; every query is scoped by account, so an id from
// another account behaves exactly like a missing one.
import { sql, type Kysely, type Selectable } from 'kysely'
import { Errors } from '../errors.js'
import { parseSettings } from '../settings.js'
import { versionSettings } from './version-settings.js'
import type { Database, DocumentsTable, DocumentVersionsTable } from './database.js'
import { isUniqueViolation } from './is-unique-violation.js'
import { StoreChanges } from './store-changes.js'
import { newId, type IdPrefix } from './new-id.js'
import type { DocumentRecord, DocumentSummary, OwnerKey, Version } from './records.js'
import { transaction } from './transaction.js'

export interface DocumentKind<K extends OwnerKey> {
  /** Value of `documents.kind`. */
  kind: 'template' | 'block'
  idPrefix: IdPrefix
  /** Name of the owner id member of a version: `templateId` or `blockId`. */
  ownerKey: K
  /** Blocks are included by name from Liquid, so two blocks of one account may not share a name. */
  uniqueNames: boolean
  /** Word used in error messages. */
  label: string
}

export const TEMPLATE_KIND: DocumentKind<'templateId'> = {
  kind: 'template', idPrefix: 'tpl', ownerKey: 'templateId', uniqueNames: false, label: 'template',
}
export const BLOCK_KIND: DocumentKind<'blockId'> = {
  kind: 'block', idPrefix: 'cb', ownerKey: 'blockId', uniqueNames: true, label: 'content block',
}

/** What decides a version's `published` and `scheduled` flags. */
type DocumentState = Pick<Selectable<DocumentsTable>, 'published_version_id' | 'scheduled_version_id' | 'scheduled_publish_at'>
const NO_SCHEDULE = { scheduled_version_id: null, scheduled_publish_at: null }

export interface NewDocument { name: string; html: string; sampleData?: unknown; settings?: unknown }
export interface DraftPatch { name?: string; html?: string; sampleData?: unknown; settings?: unknown }

const MAX_NAME_LENGTH = 200
/** Retries when two versions are created at once and both pick the same next number. */
const VERSION_NUMBER_ATTEMPTS = 5

function checkName(name: unknown, label: string): string {
  if (typeof name !== 'string' || name.trim() === '') throw new Errors.REQUEST_INVALID(`The ${label} name must not be empty`)
  if (name.trim().length > MAX_NAME_LENGTH) {
    throw new Errors.REQUEST_INVALID(`The ${label} name must be at most ${MAX_NAME_LENGTH} characters long`)
  }
  return name.trim()
}

function checkHtml(html: unknown, label: string): string {
  if (typeof html !== 'string') throw new Errors.REQUEST_INVALID(`The ${label} HTML must be a string`)
  return html
}

function encodeSampleData(data: unknown): string {
  const text = JSON.stringify(data === undefined ? {} : data)
  if (text === undefined) throw new Errors.REQUEST_INVALID('sampleData must be a JSON value')
  return text
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export class DocumentRepository<K extends OwnerKey = OwnerKey> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DocumentKind<K>,
    private readonly changes: StoreChanges = new StoreChanges(),
  ) {}

  /**
   * A write that request-path caches may have copied (resolved templates): the store's version moves before it
   * (a lookup running meanwhile does not cache what it read) and after it (the next request sees the change).
   */
  private async changing<T>(write: () => Promise<T>): Promise<T> {
    this.changes.bump()
    try {
      return await write()
    } finally {
      this.changes.bump()
    }
  }

  private documents() {
    return this.db.selectFrom('documents').where('kind', '=', this.kind.kind)
  }

  private toRecord(row: Selectable<DocumentsTable>): DocumentRecord {
    return {
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      draft: {
        html: row.html,
        sampleData: JSON.parse(row.sample_data),
        settings: versionSettings(`draft:${row.id}`, row.settings),
      },
      publishedVersionId: row.published_version_id,
      scheduledVersionId: row.scheduled_version_id,
      scheduledPublishDate: row.scheduled_publish_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  }

  private toVersion(row: Selectable<DocumentVersionsTable>, doc: DocumentState): Version<K> {
    const scheduled = row.id === doc.scheduled_version_id
    return {
      id: row.id,
      [this.kind.ownerKey]: row.document_id,
      number: Number(row.number),
      html: row.html,
      sampleData: JSON.parse(row.sample_data),
      settings: versionSettings(row.id, row.settings),
      createdAt: row.created_at,
      published: row.id === doc.published_version_id,
      scheduled,
      scheduledPublishDate: scheduled ? doc.scheduled_publish_at : null,
    } as Version<K>
  }

  private async assertNameFree(accountId: string, name: string, exceptId?: string): Promise<void> {
    if (!this.kind.uniqueNames) return
    let query = this.documents().select('id').where('account_id', '=', accountId).where('name', '=', name)
    if (exceptId) query = query.where('id', '!=', exceptId)
    if (await query.executeTakeFirst()) throw new Errors.BLOCK_NAME_TAKEN(name)
  }

  async create(accountId: string, input: NewDocument): Promise<DocumentRecord> {
    return this.changing(async () => {
      const name = checkName(input.name, this.kind.label)
      await this.assertNameFree(accountId, name)
      const now = new Date().toISOString()
      const row = {
        id: newId(this.kind.idPrefix),
        account_id: accountId,
        kind: this.kind.kind,
        name,
        html: checkHtml(input.html, this.kind.label),
        sample_data: encodeSampleData(input.sampleData),
        settings: JSON.stringify(parseSettings(input.settings ?? {})),
        published_version_id: null,
        scheduled_version_id: null,
        scheduled_publish_at: null,
        created_at: now,
        updated_at: now,
      }
      await this.db.insertInto('documents').values(row).execute()
      return this.toRecord(row)
    })
  }

  async get(accountId: string, id: string): Promise<DocumentRecord | null> {
    const row = await this.documents().selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return row ? this.toRecord(row) : null
  }

  /** Blocks are referenced by name from Liquid (`{% include 'footer' %}`). */
  async byName(accountId: string, name: string): Promise<DocumentRecord | null> {
    const row = await this.documents().selectAll()
      .where('account_id', '=', accountId).where('name', '=', name)
      .orderBy('created_at').orderBy('id').limit(1).executeTakeFirst()
    return row ? this.toRecord(row) : null
  }

  /** Summaries (no HTML) with the latest and the published version, most recently edited first. */
  async list(accountId: string, options: { search?: string } = {}): Promise<DocumentSummary[]> {
    let query = this.db.selectFrom('documents as d')
      .where('d.kind', '=', this.kind.kind)
      .where('d.account_id', '=', accountId)
      .select((eb) => [
        'd.id', 'd.name', 'd.published_version_id', 'd.created_at', 'd.updated_at',
        eb.selectFrom('document_versions as v').select('v.id')
          .whereRef('v.document_id', '=', 'd.id').orderBy('v.number', 'desc').limit(1).as('latest_id'),
        eb.selectFrom('document_versions as v').select('v.number')
          .whereRef('v.document_id', '=', 'd.id').orderBy('v.number', 'desc').limit(1).as('latest_number'),
        eb.selectFrom('document_versions as v').select('v.created_at')
          .whereRef('v.document_id', '=', 'd.id').orderBy('v.number', 'desc').limit(1).as('latest_created_at'),
        eb.selectFrom('document_versions as v').select('v.number')
          .whereRef('v.id', '=', 'd.published_version_id').as('published_number'),
      ])
      .orderBy('d.updated_at', 'desc').orderBy('d.id')
    const search = options.search?.trim()
    if (search) {
      // lower() on both sides: LIKE is case-insensitive in SQLite but not in PostgreSQL.
      query = query.where(sql<boolean>`lower(d.name) like ${`%${escapeLike(search.toLowerCase())}%`} escape '\\'`)
    }
    const rows = await query.execute()
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      publishedVersionId: row.published_version_id,
      publishedVersionNumber: row.published_number == null ? null : Number(row.published_number),
      latestVersion: row.latest_id == null
        ? null
        : { id: row.latest_id, number: Number(row.latest_number), createdAt: row.latest_created_at! },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }))
  }

  /** Edits the draft only; versions are never touched. Settings patches merge over the current settings. */
  async updateDraft(accountId: string, id: string, patch: DraftPatch): Promise<DocumentRecord | null> {
    return this.changing(async () => {
      const current = await this.get(accountId, id)
      if (!current) return null
      const changes: Partial<Selectable<DocumentsTable>> = { updated_at: new Date().toISOString() }
      if (patch.name !== undefined) {
        changes.name = checkName(patch.name, this.kind.label)
        await this.assertNameFree(accountId, changes.name, id)
      }
      if (patch.html !== undefined) changes.html = checkHtml(patch.html, this.kind.label)
      if (patch.sampleData !== undefined) changes.sample_data = encodeSampleData(patch.sampleData)
      if (patch.settings !== undefined) {
        changes.settings = JSON.stringify(parseSettings(patch.settings, current.draft.settings))
      }
      await this.db.updateTable('documents').set(changes)
        .where('account_id', '=', accountId).where('id', '=', id).execute()
      return this.get(accountId, id)
    })
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return this.changing(async () => {
      return transaction(this.db, async (trx) => {
        const owned = await trx.selectFrom('documents').select('id')
          .where('kind', '=', this.kind.kind).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
        if (!owned) return false
        // Explicit rather than relying on ON DELETE CASCADE, which needs foreign keys switched on.
        await trx.deleteFrom('document_versions').where('document_id', '=', id).execute()
        await trx.deleteFrom('documents').where('id', '=', id).execute()
        return true
      })
    })
  }

  /** Snapshots the current draft as the next version number, optionally publishing it. */
  async createVersion(accountId: string, id: string, options: { publish?: boolean } = {}): Promise<Version<K> | null> {
    return this.changing(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await transaction(this.db, async (trx) => {
            const doc = await trx.selectFrom('documents').selectAll()
              .where('kind', '=', this.kind.kind).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
            if (!doc) return null
            const last = await trx.selectFrom('document_versions')
              .select((eb) => eb.fn.max('number').as('number'))
              .where('document_id', '=', id).executeTakeFirst()
            const row = {
              id: newId('ver'),
              document_id: id,
              account_id: accountId,
              number: Number(last?.number ?? 0) + 1,
              html: doc.html,
              sample_data: doc.sample_data,
              settings: doc.settings,
              created_at: new Date().toISOString(),
            }
            await trx.insertInto('document_versions').values(row).execute()
            let state: DocumentState = doc
            if (options.publish) {
              // Publishing now cancels a pending schedule, which would otherwise override it later.
              state = { published_version_id: row.id, ...NO_SCHEDULE }
              await trx.updateTable('documents').set(state).where('id', '=', id).execute()
            }
            return this.toVersion(row, state)
          })
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= VERSION_NUMBER_ATTEMPTS) throw err
        }
      }
    })
  }

  /**
   * Makes an existing version of this document the published one; null if either is unknown. A pending
   * schedule is cancelled (TemplateTo: "immediate publish cancels schedules").
   */
  async publish(accountId: string, id: string, versionId: string): Promise<Version<K> | null> {
    return this.changing(async () => {
      const version = await this.versionRow(accountId, id, versionId)
      if (!version) return null
      const state: DocumentState = { published_version_id: versionId, ...NO_SCHEDULE }
      await this.db.updateTable('documents').set(state)
        .where('kind', '=', this.kind.kind).where('account_id', '=', accountId).where('id', '=', id).execute()
      return this.toVersion(version, state)
    })
  }

  /**
   * Schedules a version to become the published one at `at`, replacing any pending schedule of this
   * document (one per document). The published version stays until then. Null if either is unknown.
   */
  async schedule(accountId: string, id: string, versionId: string, at: Date): Promise<Version<K> | null> {
    return this.changing(async () => {
      const version = await this.versionRow(accountId, id, versionId)
      if (!version) return null
      const schedule = { scheduled_version_id: versionId, scheduled_publish_at: at.toISOString() }
      await this.db.updateTable('documents').set(schedule)
        .where('kind', '=', this.kind.kind).where('account_id', '=', accountId).where('id', '=', id).execute()
      const doc = await this.state(accountId, id)
      return doc ? this.toVersion(version, doc) : null
    })
  }

  /** Cancels the pending schedule if it is for this version; false when that version is not scheduled. */
  async cancelSchedule(accountId: string, id: string, versionId: string): Promise<boolean> {
    return this.changing(async () => {
      const result = await this.db.updateTable('documents').set(NO_SCHEDULE)
        .where('kind', '=', this.kind.kind).where('account_id', '=', accountId).where('id', '=', id)
        .where('scheduled_version_id', '=', versionId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    })
  }

  /**
   * Publishes every scheduled version whose time has come (all accounts; `id` limits it to one document).
   * One conditional UPDATE: several nodes on one PostgreSQL may run it at once, and a row moves only for
   * the first (the others find its schedule already cleared), so applying twice changes nothing.
   * Returns how many documents changed.
   */
  async applyDueSchedules(now: Date = new Date(), id?: string): Promise<number> {
    let query = this.db.updateTable('documents')
      .set((eb) => ({ published_version_id: eb.ref('scheduled_version_id'), ...NO_SCHEDULE }))
      .where('kind', '=', this.kind.kind)
      .where('scheduled_version_id', 'is not', null)
      .where('scheduled_publish_at', '<=', now.toISOString())
    if (id !== undefined) query = query.where('id', '=', id)
    const changed = Number((await query.executeTakeFirst()).numUpdatedRows)
    if (changed > 0) this.changes.bump()
    return changed
  }

  private state(accountId: string, id: string): Promise<DocumentState | undefined> {
    return this.documents().select(['published_version_id', 'scheduled_version_id', 'scheduled_publish_at'])
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
  }

  /** Newest first. Empty for an unknown document. */
  async listVersions(accountId: string, id: string): Promise<Version<K>[]> {
    const doc = await this.state(accountId, id)
    if (!doc) return []
    const rows = await this.db.selectFrom('document_versions').selectAll()
      .where('document_id', '=', id).where('account_id', '=', accountId)
      .orderBy('number', 'desc').execute()
    return rows.map((row) => this.toVersion(row, doc))
  }

  async getVersion(accountId: string, id: string, versionId: string): Promise<Version<K> | null> {
    const doc = await this.state(accountId, id)
    if (!doc) return null
    const row = await this.versionRow(accountId, id, versionId)
    return row ? this.toVersion(row, doc) : null
  }

  /**
   * The published version; null when the document is unknown or nothing is published. A schedule whose
   * time has passed is applied first, so a render picks the new version the moment it is due (as
   * TemplateTo resolves `PublishDate <= NOW()` at render time) even between two ticks of the timer.
   */
  async getPublished(accountId: string, id: string): Promise<Version<K> | null> {
    let doc = await this.state(accountId, id)
    if (doc?.scheduled_publish_at && doc.scheduled_publish_at <= new Date().toISOString()) {
      await this.applyDueSchedules(new Date(), id)
      doc = await this.state(accountId, id)
    }
    if (!doc?.published_version_id) return null
    const row = await this.versionRow(accountId, id, doc.published_version_id)
    return row ? this.toVersion(row, doc) : null
  }

  private versionRow(accountId: string, id: string, versionId: string) {
    return this.db.selectFrom('document_versions as v')
      .innerJoin('documents as d', 'd.id', 'v.document_id')
      .selectAll('v')
      .where('d.kind', '=', this.kind.kind)
      .where('d.account_id', '=', accountId)
      .where('v.document_id', '=', id)
      .where('v.id', '=', versionId)
      .executeTakeFirst()
  }
}
