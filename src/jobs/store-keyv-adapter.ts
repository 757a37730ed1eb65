// A Keyv store adapter over the service's own store connection (Kysely: libsql for SQLite, pg for PostgreSQL),
// so job state lives beside everything else without a second, source-built sqlite driver (@keyv/sqlite pulls
// sqlite3). One table of namespaced keys; `expires` is kept in a column so expired rows can be swept
// with one statement instead of deserializing every value. Only portable SQL, so the one class serves a SQLite
// store and a PostgreSQL one (DATABASE_URL without REDIS_URL).
import { EventEmitter } from 'node:events'
import { sql, type Kysely } from 'kysely'
import type { KeyvStoreAdapter, StoredData } from 'keyv'

interface Row { key: string; value: string; expires: number | null }

export class StoreKeyvAdapter extends EventEmitter implements KeyvStoreAdapter {
  // Keyv enables its iterator only for adapters whose dialect it knows; its SQL is the same on PostgreSQL.
  readonly opts = { dialect: 'sqlite', url: 'sqlite://quire' }
  namespace?: string
  /** The table is made by the store's migrations (migrations/0200-job-state.ts). */
  constructor(private readonly db: Kysely<any>, private readonly table = 'keyv') {
    super()
    if (!/^[a-z_]+$/.test(table)) throw new Error(`invalid table name ${table}`)
  }

  private live(row: Row | undefined): string | undefined {
    if (!row) return undefined
    // PostgreSQL hands BIGINT back as a string.
    if (row.expires !== null && Number(row.expires) <= Date.now()) return undefined
    return row.value
  }

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    const { rows } = await sql<Row>`SELECT key, value, expires FROM ${sql.table(this.table)} WHERE key = ${key}`.execute(this.db)
    return this.live(rows[0]) as StoredData<Value> | undefined
  }

  async getMany<Value>(keys: string[]): Promise<Array<StoredData<Value | undefined>>> {
    return Promise.all(keys.map((key) => this.get<Value>(key)))
  }

  async set(key: string, value: string, ttl?: number): Promise<boolean> {
    const expires = typeof ttl === 'number' && ttl > 0 ? Date.now() + ttl : null
    await sql`INSERT INTO ${sql.table(this.table)} (key, value, expires) VALUES (${key}, ${value}, ${expires})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires = excluded.expires`.execute(this.db)
    return true
  }

  async delete(key: string): Promise<boolean> {
    const result = await sql`DELETE FROM ${sql.table(this.table)} WHERE key = ${key}`.execute(this.db)
    return Number(result.numAffectedRows ?? 0) > 0
  }

  async deleteMany(keys: string[]): Promise<boolean> {
    const results = await Promise.all(keys.map((key) => this.delete(key)))
    return results.every(Boolean)
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined
  }

  /** Deletes this namespace's keys (every key when there is no namespace). */
  async clear(): Promise<void> {
    if (!this.namespace) {
      await sql`DELETE FROM ${sql.table(this.table)}`.execute(this.db)
      return
    }
    const prefix = `${this.namespace}:`
    await sql`DELETE FROM ${sql.table(this.table)} WHERE substr(key, 1, ${prefix.length}) = ${prefix}`.execute(this.db)
  }

  async *iterator<Value>(namespace?: string): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    const prefix = namespace ? `${namespace}:` : ''
    const { rows } = await sql<Row>`SELECT key, value, expires FROM ${sql.table(this.table)}
      WHERE substr(key, 1, ${prefix.length}) = ${prefix} AND (expires IS NULL OR expires > ${Date.now()})`.execute(this.db)
    // Sorted here, byte-wise: PostgreSQL's ORDER BY follows the database collation (case-insensitive-ish).
    rows.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
    for (const row of rows) yield [row.key, row.value as Awaited<Value>]
  }

  /** Removes every expired row, whatever its namespace; returns how many. */
  async deleteExpired(now = Date.now()): Promise<number> {
    const result = await sql`DELETE FROM ${sql.table(this.table)} WHERE expires IS NOT NULL AND expires <= ${now}`.execute(this.db)
    return Number(result.numAffectedRows ?? 0)
  }
}
