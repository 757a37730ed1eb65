import t from 'tap'
import { SessionRepository } from '../../../src/store/session-repository.js'
import { openTestStore } from './open-test-store.js'

t.test('sessions: token hashed at rest, idle and absolute expiry, removal', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const user = await store.users.create({ accountId: account.id, email: 'ada@example.com', password: 'pw', role: 'admin' })
  const sessions = new SessionRepository(store.db, { idleMs: 1_000_000, absoluteMs: 3_000_000 })
  const t0 = new Date('2024-01-01T00:00:00Z')
  const { token, session } = await sessions.create(user, t0)
  t.match(token, /^[A-Za-z0-9_-]{43}$/)
  const rows = await store.db.withTables<{ web_sessions: { id: string } }>().selectFrom('web_sessions').select('id').execute()
  t.equal(rows.length, 1)
  t.not(rows[0].id, token, 'the token itself is not stored')

  const at = (ms: number) => new Date(t0.getTime() + ms)
  t.match(await sessions.resolve(token, at(10)), { csrfToken: session.csrfToken, user: { id: user.id, role: 'admin' } })
  t.equal(await sessions.resolve('x'.repeat(43), at(10)), null, 'an unknown token')
  t.equal(await sessions.resolve('short', at(10)), null, 'a malformed token')

  await store.users.setRole(account.id, user.id, 'editor')
  t.match(await sessions.resolve(token, at(20)), { user: { role: 'editor' } }, 'the role is read fresh')

  // activity slides the idle expiry …
  t.ok(await sessions.resolve(token, at(900_000)))
  t.ok(await sessions.resolve(token, at(1_800_000)), 'still alive: used within the idle time')
  // … but never past the absolute lifetime
  t.equal(await sessions.resolve(token, at(3_000_001)), null, 'absolute lifetime reached')

  const second = await sessions.create(user, t0)
  t.equal(await sessions.resolve(second.token, at(1_000_001)), null, 'idle too long')

  const third = await sessions.create(user, t0)
  await sessions.remove(third.token)
  t.equal(await sessions.resolve(third.token, at(1)), null, 'removed')

  const fourth = await sessions.create(user, t0)
  t.equal(await sessions.removeForUser(user.id), 1)
  t.equal(await sessions.resolve(fourth.token, at(1)), null)
})
