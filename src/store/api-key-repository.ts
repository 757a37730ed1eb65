// API keys: shown once, stored as SHA-256 only. A plain hash suffices (no scrypt) because the key
// carries 238 bits of randomness, and it allows an indexed equality lookup on every request.
import { createHash } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { Errors } from '../errors.js'
import { API_KEY_DISPLAY_LENGTH, generateApiKey, looksLikeApiKey } from './api-key-format.js'
import type { ApiKeysTable, Database } from './database.js'
import { newId } from './new-id.js'
import type { ApiKeyRecord, UsageKind } from './records.js'

/** lastUsedAt is a hint for the UI, not an audit log: refresh it at most this often per key. */
const LAST_USED_RESOLUTION_MS = 5_000

const USAGE_COLUMN = {
  request: 'usage_requests',
  pdf: 'usage_pdf',
  png: 'usage_png',
  jpeg: 'usage_jpeg',
  txt: 'usage_txt',
  docx: 'usage_docx',
  zip: 'usage_zip',
} as const satisfies Record<UsageKind, keyof ApiKeysTable>

export function hashApiKey(rawKey: string): string {
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
  constructor(private readonly db: Kysely<Database>) {}

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
    const row = await this.db.selectFrom('api_keys')
      .select(['id', 'account_id', 'last_used_at'])
      .where('key_hash', '=', hashApiKey(rawKey))
      .executeTakeFirst()
    if (!row) return null
    const now = Date.now()
    if (row.last_used_at === null || now - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
      await this.db.updateTable('api_keys').set({ last_used_at: new Date(now).toISOString() })
        .where('id', '=', row.id).execute()
    }
    return { keyId: row.id, accountId: row.account_id }
  }

  /** A new value under the same id and name; the old value stops working with this one statement. */
  async roll(accountId: string, id: string): Promise<NewApiKey | null> {
    const key = generateApiKey()
    const result = await this.db.updateTable('api_keys')
      .set({ key_hash: hashApiKey(key), prefix: key.slice(0, API_KEY_DISPLAY_LENGTH), last_used_at: null })
      .where('account_id', '=', accountId).where('id', '=', id)
      .executeTakeFirst()
    if (result.numUpdatedRows === 0n) return null
    const record = await this.byId(accountId, id)
    return record ? { key, record } : null
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('api_keys')
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n
  }

  async list(accountId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll()
      .where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute()
    return rows.map(toRecord)
  }

  async byId(accountId: string, id: string): Promise<ApiKeyRecord | null> {
    const row = await this.db.selectFrom('api_keys').selectAll()
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return row ? toRecord(row) : null
  }

  async recordUsage(keyId: string, kind: UsageKind): Promise<void> {
    const column = USAGE_COLUMN[kind]
    if (!column) throw new Error(`unknown usage kind "${kind}"`)
    await this.db.updateTable('api_keys')
      .set((eb) => ({ [column]: eb(column, '+', 1) }))
      .where('id', '=', keyId)
      .execute()
  }
}
