// Job state in Keyv: one namespace for job records, one for their render inputs (which can be large
// and are dropped as soon as the job ends). The embedded adapter is SQLite (the service's own file);
// a Redis-backed Keyv fits the same class for several nodes. Beside them, the intake table (one row per job
// that has not ended) is what the per-account budgets count and what the periodic job check walks.
import Keyv, { type KeyvStoreAdapter } from 'keyv'
import { sql, type Kysely } from 'kysely'
import { isFinished, type JobRecord, type JobTask } from './job-record.js'
import { StoreKeyvAdapter } from './store-keyv-adapter.js'
import { nextTurn } from '../next-turn.js'

// Plain JSON keeps template data exactly as sent (Keyv's default serializer rewrites some strings).
const json = { serialize: (value: unknown) => JSON.stringify(value), deserialize: (text: string) => JSON.parse(text) }

/**
 * A job's input is stored as its JSON text in pieces of this many characters, one statement each with the
 * event loop free between them: SQLite writes synchronously on the main thread, and one 3.5 MB row held it
 * 50–110 ms (measured with libsql here), a 256 KB one a few.
 */
const TASK_PIECE_CHARS = 256 * 1024

/** The record under the job's own key once its pieces are stored (older records hold the task itself). */
interface TaskPieces { quireTaskPieces: number }

export class JobStore {
  private readonly jobs: Keyv<JobRecord>
  private readonly tasks: Keyv<unknown>
  private readonly adapters: KeyvStoreAdapter[]

  /**
   * `retentionMs`: how long a finished job's record outlives its expiry (status answers Expired meanwhile).
   * `db`: the store holding the intake table (migrations/0400-job-intake.ts).
   */
  constructor(adapters: { jobs: KeyvStoreAdapter; tasks: KeyvStoreAdapter }, private readonly retentionMs: number, private readonly db: Kysely<any>) {
    this.adapters = [adapters.jobs, adapters.tasks]
    this.jobs = new Keyv<JobRecord>({ store: adapters.jobs, namespace: 'job', throwOnErrors: true, ...json })
    this.tasks = new Keyv<unknown>({ store: adapters.tasks, namespace: 'job-task', throwOnErrors: true, ...json })
  }

  /** Job state in the service's own store (SQLite, or PostgreSQL with DATABASE_URL). */
  static onStore(db: Kysely<any>, retentionMs: number): JobStore {
    return new JobStore({ jobs: new StoreKeyvAdapter(db), tasks: new StoreKeyvAdapter(db) }, retentionMs, db)
  }

  async get(jobId: string): Promise<JobRecord | undefined> {
    return (await this.jobs.get(jobId)) ?? undefined
  }

  async save(job: JobRecord): Promise<void> {
    // Running jobs never expire from the store; finished ones are purged after their retention.
    const ttl = isFinished(job.status) ? Math.max(1, Date.parse(job.expiresAt) + this.retentionMs - Date.now()) : undefined
    await this.jobs.set(job.jobId, job, ttl)
  }

  /** A job's input as it is stored (and counted against the account's byte budget). */
  static taskText(task: JobTask): string {
    return JSON.stringify(task)
  }

  /** Stores the input's pieces, then the record naming them: a job whose record is there has its whole input. */
  async saveTask(jobId: string, text: string): Promise<void> {
    const pieces = Math.max(1, Math.ceil(text.length / TASK_PIECE_CHARS))
    let written = 0
    try {
      for (; written < pieces; written++) {
        await this.tasks.set(`${jobId}.${written}`, text.slice(written * TASK_PIECE_CHARS, (written + 1) * TASK_PIECE_CHARS))
        await nextTurn()
      }
      await this.tasks.set(jobId, { quireTaskPieces: pieces } satisfies TaskPieces)
    } catch (error) {
      // A full disk or a lost database midway: the pieces already written must not stay behind.
      for (let i = 0; i < written; i++) await this.tasks.delete(`${jobId}.${i}`).catch(() => undefined)
      throw error
    }
  }

  async getTask(jobId: string): Promise<JobTask | undefined> {
    const stored = await this.tasks.get(jobId)
    if (stored === undefined || stored === null) return undefined
    const count = (stored as Partial<TaskPieces>).quireTaskPieces
    if (typeof count !== 'number') return stored as JobTask
    const pieces: string[] = []
    for (let i = 0; i < count; i++) {
      const piece = await this.tasks.get(`${jobId}.${i}`)
      if (typeof piece !== 'string') return undefined
      pieces.push(piece)
      await nextTurn()
    }
    return JSON.parse(pieces.join('')) as JobTask
  }

  async deleteTask(jobId: string): Promise<void> {
    const stored = await this.tasks.get(jobId)
    const count = (stored as Partial<TaskPieces> | undefined)?.quireTaskPieces
    await this.tasks.delete(jobId)
    for (let i = 0; i < (typeof count === 'number' ? count : 0); i++) await this.tasks.delete(`${jobId}.${i}`)
  }

  /** Every stored job, oldest first (ids sort by creation time). */
  async *all(): AsyncGenerator<JobRecord> {
    if (!this.jobs.iterator) throw new Error('the job store adapter cannot iterate')
    for await (const [, job] of this.jobs.iterator(undefined)) yield job as JobRecord
  }

  /** Drops expired rows (purged job records) that nobody read since they expired. */
  async purgeExpired(): Promise<void> {
    for (const adapter of this.adapters) {
      if (adapter instanceof StoreKeyvAdapter) await adapter.deleteExpired()
    }
  }

  /**
   * Counts a new job against its account's budgets and records it as unfinished, in one statement (so
   * concurrent starts on one SQLite file cannot both take the last place; on PostgreSQL two nodes starting
   * at the same instant may each take it). Returns null when it fits, else the account's usage now.
   */
  async reserveIntake(entry: IntakeEntry, budget: IntakeBudget): Promise<IntakeUsage | null> {
    const { jobId, accountId, inputBytes, createdAt } = entry
    const result = await sql`INSERT INTO job_intake (job_id, account_id, input_bytes, created_at)
      SELECT ${jobId}, ${accountId}, ${inputBytes}, ${createdAt}
      WHERE (SELECT count(*) FROM job_intake WHERE account_id = ${accountId}) < ${budget.maxQueued}
        AND (SELECT coalesce(sum(input_bytes), 0) FROM job_intake WHERE account_id = ${accountId}) + ${inputBytes} <= ${budget.maxBytes}`.execute(this.db)
    if (Number(result.numAffectedRows ?? 0) > 0) return null
    const { rows } = await sql<{ queued: number | string; bytes: number | string | null }>`SELECT count(*) AS queued, sum(input_bytes) AS bytes FROM job_intake WHERE account_id = ${accountId}`.execute(this.db)
    // PostgreSQL hands count and sum back as strings.
    return { queued: Number(rows[0]?.queued ?? 0), bytes: Number(rows[0]?.bytes ?? 0) }
  }

  /** The job ended (or was never stored): it no longer counts against its account. */
  async releaseIntake(jobId: string): Promise<void> {
    await sql`DELETE FROM job_intake WHERE job_id = ${jobId}`.execute(this.db)
  }

  /** Every job recorded as unfinished, oldest first. */
  async intake(): Promise<IntakeEntry[]> {
    const { rows } = await sql<{ job_id: string; account_id: string; input_bytes: number | string; created_at: number | string }>`SELECT job_id, account_id, input_bytes, created_at FROM job_intake ORDER BY created_at`.execute(this.db)
    return rows.map((r) => ({ jobId: r.job_id, accountId: r.account_id, inputBytes: Number(r.input_bytes), createdAt: Number(r.created_at) }))
  }
}

export interface IntakeEntry { jobId: string; accountId: string; inputBytes: number; createdAt: number }
export interface IntakeBudget { maxQueued: number; maxBytes: number }
export interface IntakeUsage { queued: number; bytes: number }
