import { sql, type Kysely, type Migration } from 'kysely'

// The Keyv table of job state (jobs/store-keyv-adapter.ts), made here rather than by the adapter at
// construction: two adapters creating it at once race in PostgreSQL. IF NOT EXISTS because stores
// opened before this migration already have it. BIGINT: expiry times are epoch milliseconds.
export const jobState: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`CREATE TABLE IF NOT EXISTS keyv (key VARCHAR(255) PRIMARY KEY, value TEXT NOT NULL, expires BIGINT)`.execute(db)
    await sql`CREATE INDEX IF NOT EXISTS keyv_expires ON keyv (expires)`.execute(db)
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('keyv').ifExists().execute()
  },
}
