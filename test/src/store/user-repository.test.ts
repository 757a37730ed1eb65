import t from 'tap'
import { openTestStore } from './open-test-store.js'

t.test('create hashes with scrypt; verify accepts the right password only', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const user = await store.users.create({ accountId: account.id, email: '  Ada@Example.COM ', password: 'correct horse', role: 'admin' })
  t.match(user, { accountId: account.id, email: 'ada@example.com', role: 'admin' })
  t.match(user.id, /^usr_[0-9A-Za-z]{20}$/)
  t.notOk('password_hash' in user, 'the hash is not handed out')

  const row = await store.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()
  t.match(row.password_hash, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
  t.notMatch(row.password_hash, /correct horse/)

  t.same(await store.users.verify('ada@example.com', 'correct horse'), user)
  t.same(await store.users.verify('ADA@example.com', 'correct horse'), user, 'email lookup ignores case')
  t.equal(await store.users.verify('ada@example.com', 'correct horsE'), null)
  t.equal(await store.users.verify('ada@example.com', ''), null)
  t.equal(await store.users.verify('nobody@example.com', 'correct horse'), null)
})

t.test('the same password gets a different salt each time', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  await store.users.create({ accountId: account.id, email: 'a@x.io', password: 'same', role: 'editor' })
  await store.users.create({ accountId: account.id, email: 'b@x.io', password: 'same', role: 'editor' })
  const rows = await store.db.selectFrom('users').select('password_hash').execute()
  t.not(rows[0].password_hash, rows[1].password_hash)
})

t.test('duplicate email and bad input are clear errors', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  await store.users.create({ accountId: account.id, email: 'ada@example.com', password: 'pw', role: 'admin' })
  await t.rejects(
    store.users.create({ accountId: account.id, email: 'ADA@example.com', password: 'pw2', role: 'editor' }),
    { code: 'QUIRE_ERR_USER_EMAIL_TAKEN', statusCode: 409, message: /ada@example\.com already exists/ },
  )
  await t.rejects(store.users.create({ accountId: account.id, email: 'not-an-email', password: 'pw', role: 'admin' }),
    { code: 'QUIRE_ERR_REQUEST_INVALID', message: /not-an-email/ })
  await t.rejects(store.users.create({ accountId: account.id, email: 'x@y.z', password: 'pw', role: 'owner' as 'admin' }),
    { message: /role must be one of admin, editor/ })
  await t.rejects(store.users.create({ accountId: account.id, email: 'x@y.z', password: '', role: 'admin' }),
    { message: /password must not be empty/ })
})

t.test('list, byId, setRole, remove are account-scoped', async (t) => {
  const store = await openTestStore(t)
  const a = await store.accounts.ensure('a')
  const b = await store.accounts.ensure('b')
  const ua = await store.users.create({ accountId: a.id, email: 'one@a.io', password: 'pw', role: 'editor' })
  const ub = await store.users.create({ accountId: b.id, email: 'two@b.io', password: 'pw', role: 'editor' })
  t.same((await store.users.list(a.id)).map((u) => u.id), [ua.id])
  t.equal(await store.users.byId(a.id, ub.id), null)
  t.equal(await store.users.setRole(a.id, ub.id, 'admin'), null)
  t.equal((await store.users.byId(b.id, ub.id))?.role, 'editor', 'other account untouched')
  t.equal((await store.users.setRole(a.id, ua.id, 'admin'))?.role, 'admin')
  t.equal(await store.users.remove(a.id, ub.id), false)
  t.ok(await store.users.byId(b.id, ub.id))
  t.equal(await store.users.remove(a.id, ua.id), true)
  t.same(await store.users.list(a.id), [])
  t.equal(await store.users.verify('one@a.io', 'pw'), null)
})
