// The store: one Kysely instance, migrated at open, and the account-scoped repositories built on it.
// Two adapters chosen once from config: a SQLite file in DATA_DIR (libsql, better-sqlite3-compatible) by
// default, PostgreSQL through `pg` when DATABASE_URL is set. Repositories and migrations are the same.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely'
import Libsql from 'libsql'
import { EngineError, reason, where } from '../engine-error.js'
import { importFeature } from '../optional-packages.js'
import { AccountRepository } from './account-repository.js'
import { ApiKeyRepository } from './api-key-repository.js'
import type { Database } from './database.js'
import { BLOCK_KIND, DocumentRepository, TEMPLATE_KIND } from './document-repository.js'
import { migrationProvider } from './migrations/index.js'
import { SessionRepository } from './session-repository.js'
import { StoreChanges } from './store-changes.js'
import { UserRepository } from './user-repository.js'

export interface Store {
  db: Kysely<Database>
  dialect: 'sqlite' | 'postgres'
  accounts: AccountRepository
  users: UserRepository
  apiKeys: ApiKeyRepository
  // Typed alike so code serving both kinds can take either (versions carry templateId or blockId).
  templates: DocumentRepository
  blocks: DocumentRepository
  /** Web-interface sign-in sessions. */
  sessions: SessionRepository
  /** Moves on every change a request-path cache may have copied (store-changes.ts). */
  changes: StoreChanges
  close(): Promise<void>
}

const DATABASE_FILE = 'quire.db'

/** Runs pending migrations; throws with the failing migration's name. */
async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
}

/**
 * Opens the store: PostgreSQL at `databaseUrl` when given (checked within 10 s: an unreachable or
 * refusing database is an EngineError naming DATABASE_URL), else `${dataDir}/quire.db`, created if needed.
 * Applies migrations and returns the repositories.
 */
export async function openStore(dataDir: string, databaseUrl: string | null = null): Promise<Store> {
  // DATA_DIR holds per-node files on PostgreSQL too (the first-start sample data, result files without S3).
  await mkdir(dataDir, { recursive: true })
  const { db, dataVersion } = databaseUrl ? { db: await openPostgres(databaseUrl), dataVersion: null } : await openSqlite(dataDir)
  try {
    await migrate(db)
  } catch (err) {
    await db.destroy()
    throw err
  }
  const changes = new StoreChanges(dataVersion)
  const apiKeys = new ApiKeyRepository(db, changes)
  return {
    db,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    accounts: new AccountRepository(db),
    users: new UserRepository(db),
    apiKeys,
    templates: new DocumentRepository(db, TEMPLATE_KIND, changes),
    blocks: new DocumentRepository(db, BLOCK_KIND, changes),
    sessions: new SessionRepository(db),
    changes,
    close: async () => {
      await apiKeys.flushUsage().catch(() => {})
      await db.destroy()
    },
  }
}

async function openPostgres(url: string): Promise<Kysely<Database>> {
  // Imported only with DATABASE_URL: pg is some 15 MB of RSS that the SQLite default never uses, and an
  // optional package a production install leaves out (src/optional-packages.ts).
  const { default: pg } = await importFeature('postgres', () => import('pg'))
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 })
  // An idle connection dropped by the server must not crash the process: the pool reconnects on next use.
  pool.on('error', () => undefined)
  // Nor one dropped while a query holds it (PostgreSQL stopped or restarted): without a listener the client's
  // 'error' is an uncaught exception. The query itself fails (503), and the pool discards the client on release.
  pool.on('connect', (client) => { client.on('error', () => undefined) })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  try {
    await sql`select 1`.execute(db)
  } catch (error) {
    await db.destroy().catch(() => undefined)
    throw new EngineError('DATABASE_URL', `cannot use PostgreSQL at ${where(url)}: ${reason(error)}`)
  }
  return db
}

async function openSqlite(dataDir: string): Promise<{ db: Kysely<Database>; dataVersion: () => number }> {
  await mkdir(dataDir, { recursive: true })
  const sqlite = new Libsql(join(dataDir, DATABASE_FILE))
  // WAL: readers do not block the writer; NORMAL sync is durable across crashes of the process in WAL mode.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // Commits of other connections (another process on this file) move data_version; ours do not.
  const dataVersion = sqlite.prepare('PRAGMA data_version').raw()
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite as unknown as SqliteDatabase }) }),
    dataVersion: () => (dataVersion.get() as number[])[0],
  }
}

export { looksLikeApiKey } from './api-key-format.js'
export { looksLikeId } from './new-id.js'
export type * from './records.js'
export type { WebSession } from './session-repository.js'
export type { Database } from './database.js'
export type { StoreChanges } from './store-changes.js'
