// API keys: shown once, stored as SHA-256 only. A plain hash suffices (no scrypt) because the key
// carries 238 bits of randomness, and it allows an indexed equality lookup on every request.
import { createHash } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { Errors } from '../errors.js'
import { API_KEY_DISPLAY_LENGTH, generateApiKey, looksLikeApiKey } from './api-key-format.js'
import type { ApiKeysTable, Database } from './database.js'
import { newId } from './new-id.js'
import type { ApiKeyRecord, UsageKind } from './records.js'
import { StoreChanges } from './store-changes.js'
import { UsageBatch } from './usage-batch.js'
import { VerifiedKeyCache } from './verified-key-cache.js'

/** lastUsedAt is a hint for the UI, not an audit log: refresh it at most this often per key. */
const LAST_USED_RESOLUTION_MS = 5_000

function hashApiKey(rawKey: string): string {
  return createHash('sha256').update(rawKey, 'utf8').digest('hex')
}

function toRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    usage: {
      requests: Number(row.usage_requests),
      pdf: Number(row.usage_pdf),
      png: Number(row.usage_png),
      jpeg: Number(row.usage_jpeg),
      txt: Number(row.usage_txt),
      docx: Number(row.usage_docx),
      zip: Number(row.usage_zip),
    },
  }
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw new Errors.REQUEST_INVALID('The key name must not be empty')
  if (name.length > 200) throw new Errors.REQUEST_INVALID('The key name must be at most 200 characters long')
  return name.trim()
}

export interface NewApiKey { key: string; record: ApiKeyRecord }

export class ApiKeyRepository {
  private readonly verified: VerifiedKeyCache
  private readonly usage: UsageBatch
  /** When this process last wrote last_used_at, per key id (ms since the epoch). */
  private readonly lastUsedWritten = new Map<string, number>()

  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: StoreChanges = new StoreChanges(),
    private readonly now: () => number = Date.now,
  ) {
    this.verified = new VerifiedKeyCache(changes, now)
    this.usage = new UsageBatch(db)
  }

  /** Creates a key; `key` is the only time the full value exists outside the caller. */
  async create(accountId: string, name: string): Promise<NewApiKey> {
    const key = generateApiKey()
    const id = newId('key')
    await this.db.insertInto('api_keys').values({
      id,
      account_id: accountId,
      name: checkName(name),
      prefix: key.slice(0, API_KEY_DISPLAY_LENGTH),
      key_hash: hashApiKey(key),
      created_at: new Date().toISOString(),
      last_used_at: null,
    }).execute()
    const record = await this.byId(accountId, id)
    return { key, record: record! }
  }

  async authenticate(rawKey: string): Promise<{ keyId: string; accountId: string } | null> {
    if (!looksLikeApiKey(rawKey)) return null
    const keyHash = hashApiKey(rawKey)
    const cached = this.verified.get(keyHash)
    if (cached) {
      await this.touch(cached.keyId, this.lastUsedWritten.get(cached.keyId) ?? null)
      return cached
    }
    const version = this.changes.version()
    const row = await this.db.selectFrom('api_keys')
      .select(['id', 'account_id', 'last_used_at'])
      .where('key_hash', '=', keyHash)
      .executeTakeFirst()
    if (!row) return null
    const found = { keyId: row.id, accountId: row.account_id }
    this.verified.set(keyHash, found, version)
    await this.touch(row.id, row.last_used_at === null ? null : Date.parse(row.last_used_at))
    return found
  }

  /** lastUsedAt: written when the last write is older than the resolution. */
  private async touch(keyId: string, lastWritten: number | null): Promise<void> {
    const now = this.now()
    if (lastWritten !== null && now - lastWritten < LAST_USED_RESOLUTION_MS) return
    this.lastUsedWritten.set(keyId, now)
    await this.db.updateTable('api_keys').set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', keyId).execute()
  }

  /** A new value under the same id and name; the old value stops working with this one statement. */
  async roll(accountId: string, id: string): Promise<NewApiKey | null> {
    const key = generateApiKey()
    this.changes.bump()
    const result = await this.db.updateTable('api_keys')
      .set({ key_hash: hashApiKey(key), prefix: key.slice(0, API_KEY_DISPLAY_LENGTH), last_used_at: null })
      .where('account_id', '=', accountId).where('id', '=', id)
      .executeTakeFirst()
    this.changes.bump()
    this.lastUsedWritten.delete(id)
    if (result.numUpdatedRows === 0n) return null
    const record = await this.byId(accountId, id)
    return record ? { key, record } : null
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    this.changes.bump()
    await this.usage.flush()
    const result = await this.db.deleteFrom('api_keys')
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    this.changes.bump()
    this.lastUsedWritten.delete(id)
    return result.numDeletedRows > 0n
  }

  async list(accountId: string): Promise<ApiKeyRecord[]> {
    await this.usage.flush()
    const rows = await this.db.selectFrom('api_keys').selectAll()
      .where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute()
    return rows.map(toRecord)
  }

  async byId(accountId: string, id: string): Promise<ApiKeyRecord | null> {
    await this.usage.flush()
    const row = await this.db.selectFrom('api_keys').selectAll()
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return row ? toRecord(row) : null
  }

  /** Counts one use; written with others about once a second (usage-batch.ts), read back exactly. */
  async recordUsage(keyId: string, kind: UsageKind): Promise<void> {
    this.usage.add(keyId, kind)
  }

  /** Writes pending usage counts (the store does on close). */
  flushUsage(): Promise<void> {
    return this.usage.flush()
  }
}
