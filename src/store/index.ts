// The store: one Kysely instance over a SQLite file (libsql, better-sqlite3-compatible), migrated at
// open, and the account-scoped repositories built on it.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase } from 'kysely'
import Libsql from 'libsql'
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

export const DATABASE_FILE = 'quire.db'

/** Runs pending migrations; throws with the failing migration's name. */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
}

/** Opens (creating if needed) `${dataDir}/quire.db`, applies migrations, returns the repositories. */
export async function openStore(dataDir: string): Promise<Store> {
  await mkdir(dataDir, { recursive: true })
  const sqlite = new Libsql(join(dataDir, DATABASE_FILE))
  // WAL: readers do not block the writer; NORMAL sync is durable across crashes of the process in WAL mode.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite as unknown as SqliteDatabase }) })
  try {
    await migrate(db)
  } catch (err) {
    await db.destroy()
    throw err
  }
  // Commits of other connections (another process on this file) move data_version; ours do not.
  const dataVersion = sqlite.prepare('PRAGMA data_version').raw()
  const changes = new StoreChanges(() => (dataVersion.get() as number[])[0])
  const apiKeys = new ApiKeyRepository(db, changes)
  return {
    db,
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

export { looksLikeApiKey } from './api-key-format.js'
export { looksLikeId } from './new-id.js'
export type * from './records.js'
export type { WebSession } from './session-repository.js'
export type { Database } from './database.js'
export type { StoreChanges } from './store-changes.js'
