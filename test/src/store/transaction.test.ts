// A transaction SQLite already rolled back itself (as it does on SQLITE_FULL) fails with the error that ended
// it, not Kysely's "cannot rollback - no transaction is active" (which made a full disk a 500 in the soak).
import t from 'tap'
import { sql } from 'kysely'
import { openStore } from '../../../src/store/index.js'
import { transaction } from '../../../src/store/transaction.js'

t.test('the error that ended the transaction is the one thrown', async (t) => {
  const store = await openStore(t.testdir())
  t.teardown(() => store.close())
  const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })
  await t.rejects(transaction(store.db, async (trx) => {
    await sql`rollback`.execute(trx)
    throw full
  }), full)
  await t.rejects(store.db.transaction().execute(async (trx) => {
    await sql`rollback`.execute(trx)
    throw full
  }), { message: /cannot rollback - no transaction is active/ }, 'Kysely alone loses it')
  t.equal(await transaction(store.db, async () => 7), 7)
})
