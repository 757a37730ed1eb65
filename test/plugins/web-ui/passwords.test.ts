// Passwords in the web interface, through a real server: a user changes their own (current password asked
// again, the one policy of src/password-policy.ts, their other sessions end), and an admin resets another
// user's (that user's sessions end; their old password stops working).
import t from 'tap'
import { build } from '../../helpers/build.js'
import { signIn } from './web-client.js'

t.test('a user changes their own password; other sessions end, this one stays', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ed@example.com', password: 'first password', role: 'editor' })
  const here = await signIn(h, 'ed@example.com', 'first password')
  const elsewhere = await signIn(h, 'ed@example.com', 'first password')

  const page = await here.get('/account')
  t.equal(page.status, 200)
  t.match(await page.text(), /Change your password/)
  const nav = await (await here.get('/templates')).text()
  t.match(nav, /href="\/account"/, 'the navigation links to the account page')
  t.match(nav, /href="\/docs">API reference</, 'and to the API reference')

  const wrongCurrent = await here.post('/account/password', { current: 'not it', password: 'second password', confirm: 'second password', _csrf: here.csrf })
  t.equal(wrongCurrent.status, 422)
  t.match(await wrongCurrent.text(), /That is not your current password/)
  const short = await here.post('/account/password', { current: 'first password', password: 'short', confirm: 'short', _csrf: here.csrf })
  t.equal(short.status, 422)
  t.match(await short.text(), /at least 8 characters/)
  const differ = await here.post('/account/password', { current: 'first password', password: 'second password', confirm: 'second passwort', _csrf: here.csrf })
  t.equal(differ.status, 422)
  t.match(await differ.text(), /The two new passwords differ/)
  t.ok(await h.app.store.users.verify('ed@example.com', 'first password'), 'refused changes change nothing')

  const changed = await here.post('/account/password', { current: 'first password', password: 'second password', confirm: 'second password', _csrf: here.csrf })
  t.equal(changed.status, 200)
  t.match(await changed.text(), /Your password is changed\. 1 other session ended\./)
  t.equal((await here.get('/templates')).status, 200, 'this session stays signed in')
  t.equal((await elsewhere.get('/templates')).status, 303, 'the other session was ended (redirect to sign-in)')
  t.notOk(await h.app.store.users.verify('ed@example.com', 'first password'), 'the old password no longer works')
  t.ok(await h.app.store.users.verify('ed@example.com', 'second password'), 'the new one does')
})

t.test('an admin resets another user\'s password; that user is signed out; editors cannot', async (t) => {
  const h = await build(t)
  const ada = await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'admin password', role: 'admin' })
  const bob = await h.app.store.users.create({ accountId: h.accountId, email: 'bob@example.com', password: 'bob password', role: 'editor' })
  const admin = await signIn(h, 'ada@example.com', 'admin password')
  const bobSession = await signIn(h, 'bob@example.com', 'bob password')

  const users = await (await admin.get('/users')).text()
  t.match(users, `action="/users/${bob.id}/password"`, 'a reset form for another user')
  t.notMatch(users, `action="/users/${ada.id}/password"`, 'none for yourself (that is /account)')

  const short = await admin.post(`/users/${bob.id}/password`, { password: 'tiny', _csrf: admin.csrf })
  t.equal(short.status, 422)
  t.match(await short.text(), /at least 8 characters/)
  t.equal((await admin.post(`/users/${ada.id}/password`, { password: 'another password', _csrf: admin.csrf })).status, 400, 'not your own')

  const reset = await admin.post(`/users/${bob.id}/password`, { password: 'new bob password', _csrf: admin.csrf })
  t.equal(reset.status, 200)
  t.match(await reset.text(), /Set a new password for bob@example.com; their sessions have ended/)
  t.equal((await bobSession.get('/templates')).status, 303, "bob's session was ended")
  t.ok(await h.app.store.users.verify('bob@example.com', 'new bob password'))
  t.notOk(await h.app.store.users.verify('bob@example.com', 'bob password'))

  const editor = await signIn(h, 'bob@example.com', 'new bob password')
  t.equal((await editor.post(`/users/${ada.id}/password`, { password: 'hijacked password', _csrf: editor.csrf })).status, 403, 'editors cannot reset')
  t.ok(await h.app.store.users.verify('ada@example.com', 'admin password'))
})
