// Job state in Keyv: one namespace for job records, one for their render inputs (which can be large
// and are dropped as soon as the job ends). The embedded adapter is SQLite (the service's own file);
// a Redis-backed Keyv fits the same class for several nodes.
import Keyv, { type KeyvStoreAdapter } from 'keyv'
import type { Kysely } from 'kysely'
import { isFinished, type JobRecord, type JobTask } from './job-record.js'
import { SqliteKeyvStore } from './sqlite-keyv-store.js'

// Plain JSON keeps template data exactly as sent (Keyv's default serializer rewrites some strings).
const json = { serialize: (value: unknown) => JSON.stringify(value), deserialize: (text: string) => JSON.parse(text) }

export class JobStore {
  private readonly jobs: Keyv<JobRecord>
  private readonly tasks: Keyv<JobTask>
  private readonly adapters: KeyvStoreAdapter[]

  /** `retentionMs`: how long a finished job's record outlives its expiry (status answers Expired meanwhile). */
  constructor(adapters: { jobs: KeyvStoreAdapter; tasks: KeyvStoreAdapter }, private readonly retentionMs: number) {
    this.adapters = [adapters.jobs, adapters.tasks]
    this.jobs = new Keyv<JobRecord>({ store: adapters.jobs, namespace: 'job', throwOnErrors: true, ...json })
    this.tasks = new Keyv<JobTask>({ store: adapters.tasks, namespace: 'job-task', throwOnErrors: true, ...json })
  }

  static sqlite(db: Kysely<any>, retentionMs: number): JobStore {
    return new JobStore({ jobs: new SqliteKeyvStore(db), tasks: new SqliteKeyvStore(db) }, retentionMs)
  }

  async get(jobId: string): Promise<JobRecord | undefined> {
    return (await this.jobs.get(jobId)) ?? undefined
  }

  async save(job: JobRecord): Promise<void> {
    // Running jobs never expire from the store; finished ones are purged after their retention.
    const ttl = isFinished(job.status) ? Math.max(1, Date.parse(job.expiresAt) + this.retentionMs - Date.now()) : undefined
    await this.jobs.set(job.jobId, job, ttl)
  }

  async saveTask(jobId: string, task: JobTask): Promise<void> {
    await this.tasks.set(jobId, task)
  }

  async getTask(jobId: string): Promise<JobTask | undefined> {
    return (await this.tasks.get(jobId)) ?? undefined
  }

  async deleteTask(jobId: string): Promise<void> {
    await this.tasks.delete(jobId)
  }

  /** Every stored job, oldest first (ids sort by creation time). */
  async *all(): AsyncGenerator<JobRecord> {
    if (!this.jobs.iterator) throw new Error('the job store adapter cannot iterate')
    for await (const [, job] of this.jobs.iterator(undefined)) yield job as JobRecord
  }

  /** Drops expired rows (purged job records) that nobody read since they expired. */
  async purgeExpired(): Promise<void> {
    for (const adapter of this.adapters) {
      if (adapter instanceof SqliteKeyvStore) await adapter.deleteExpired()
    }
  }
}
