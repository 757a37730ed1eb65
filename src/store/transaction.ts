// A Kysely transaction that fails with the error that ended it. When SQLite cannot write (a full disk:
// SQLITE_FULL, in a statement or at COMMIT) it may roll the transaction back itself, so Kysely's own ROLLBACK
// then fails with "cannot rollback - no transaction is active" and that error replaced the real one: an
// import on a full disk was a 500 instead of 507 QUIRE_ERR_STORAGE_FULL (found by test/src/hostile/soak.test.ts).
// A controlled transaction keeps the first error, the commit's included; a rollback that fails is not news.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from './database.js'

export async function transaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute()
  let result: T
  try {
    result = await work(trx)
    await trx.commit().execute()
  } catch (error) {
    await trx.rollback().execute().catch(() => undefined)
    throw error
  }
  return result
}
