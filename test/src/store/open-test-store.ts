// A real store for a test, closed when the test ends: a SQLite file in the test's own directory, or —
// when the suite runs in its PostgreSQL variant (store-on-postgres.test.ts) — a PostgreSQL database of
// its own, created for the test and dropped after it.
import type { Test } from 'tap'
import { openStore, type Store } from '../../../src/store/index.js'
import { testDatabase } from '../../helpers/postgres.js'

export type TestDialect = 'sqlite' | 'postgres'
let dialect: TestDialect = 'sqlite'

/** Chooses the dialect of every store opened by this test process from now on. */
export function useDialect(d: TestDialect): void {
  dialect = d
}

export function testDialect(): TestDialect {
  return dialect
}

/** Where a test's store lives: the directory (SQLite) and, in the PostgreSQL variant, a new database. */
export async function testStoreLocation(t: Test, dir: string = t.testdir()): Promise<{ dir: string; databaseUrl: string | null }> {
  return { dir, databaseUrl: dialect === 'postgres' ? await testDatabase(t) : null }
}

export async function openTestStore(t: Test, dir: string = t.testdir()): Promise<Store> {
  const location = await testStoreLocation(t, dir)
  const store = await openStore(location.dir, location.databaseUrl)
  let closed = false
  t.teardown(async () => {
    if (!closed) await store.close()
  })
  const close = store.close
  return { ...store, close: async () => { closed = true; await close() } }
}
