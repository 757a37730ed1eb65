import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import t from 'tap'
import { openStore } from '../../../src/store/index.js'
import { openTestStore, testDialect, testStoreLocation } from './open-test-store.js'

t.test('creates the data directory and quire.db, in WAL mode with foreign keys on', { skip: testDialect() === 'postgres' && 'SQLite only' }, async (t) => {
  const dir = join(t.testdir(), 'nested', 'data')
  const store = await openTestStore(t, dir)
  t.ok(existsSync(join(dir, 'quire.db')))
  const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db)
  t.equal(journal.rows[0].journal_mode, 'wal')
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db)
  t.equal(Number(fk.rows[0].foreign_keys), 1)
  await t.rejects(
    store.db.insertInto('users').values({ id: 'usr_x', account_id: 'acc_missing', email: 'a@b.c', password_hash: 'x', role: 'admin', created_at: '' }).execute(),
    /FOREIGN KEY/i,
    'a user of an unknown account is refused by the foreign key',
  )
})

t.test('migrations run once: reopening keeps the data and records no new migration', async (t) => {
  const { dir, databaseUrl } = await testStoreLocation(t)
  const first = await openStore(dir, databaseUrl)
  const account = await first.accounts.ensure('acme')
  const tpl = await first.templates.create(account.id, { name: 'Invoice', html: '<p>{{ x }}</p>' })
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(first.db)
  t.same(migrations.rows.map((r) => r.name), ['0001-initial', '0100-web-sessions', '0200-job-state', '0300-scheduled-publish', '0400-job-intake'])
  await first.close()

  for (let i = 0; i < 2; i++) {
    const again = await openStore(dir, databaseUrl)
    t.equal((await again.accounts.byName('acme'))?.id, account.id)
    t.equal((await again.templates.get(account.id, tpl.id))?.name, 'Invoice')
    const rows = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(again.db)
    t.equal(Number(rows.rows[0].n), 5, 'still the five migrations')
    await again.close()
  }
})

t.test('accounts: ensure is idempotent; byName, byId, first', async (t) => {
  const store = await openTestStore(t)
  t.equal(await store.accounts.first(), null)
  const a = await store.accounts.ensure('alpha')
  t.match(a.id, /^acc_[0-9A-Za-z]{20}$/)
  t.same(await store.accounts.ensure('alpha'), a)
  const b = await store.accounts.ensure('beta')
  t.not(b.id, a.id)
  t.same(await store.accounts.byName('beta'), b)
  t.same(await store.accounts.byId(a.id), a)
  t.equal(await store.accounts.byId('acc_nope'), null)
  t.equal((await store.accounts.first())?.id, a.id)
  const [x, y] = await Promise.all([store.accounts.ensure('gamma'), store.accounts.ensure('gamma')])
  t.equal(x.id, y.id, 'concurrent ensure gives one account')
})
