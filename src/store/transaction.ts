// A Kysely transaction that fails with the error that ended it. When SQLite cannot write its journal (a full
// disk: SQLITE_FULL) it rolls the transaction back itself, so Kysely's own ROLLBACK then fails with "cannot
// rollback - no transaction is active" and that error replaced the real one: an import on a full disk was a
// 500 instead of 507 QUIRE_ERR_STORAGE_FULL (found by test/src/hostile/soak.test.ts).
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './database.js'

export async function transaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let cause: unknown
  try {
    return await db.transaction().execute(async (trx) => {
      try {
        return await work(trx)
      } catch (error) {
        cause = error
        throw error
      }
    })
  } catch (error) {
    throw cause ?? error
  }
}
