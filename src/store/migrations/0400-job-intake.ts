import { sql, type Kysely, type Migration } from 'kysely'

// One row per accepted job that has not ended (jobs/job-store.ts): what the per-account intake budgets count
// (queued jobs, bytes of stored input) with one indexed query, and the list the periodic job check walks
// instead of every job record. BIGINT: byte counts and epoch milliseconds.
export const jobIntake: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`CREATE TABLE IF NOT EXISTS job_intake (job_id VARCHAR(64) PRIMARY KEY, account_id VARCHAR(64) NOT NULL, input_bytes BIGINT NOT NULL, created_at BIGINT NOT NULL)`.execute(db)
    await sql`CREATE INDEX IF NOT EXISTS job_intake_account ON job_intake (account_id)`.execute(db)
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('job_intake').ifExists().execute()
  },
}
