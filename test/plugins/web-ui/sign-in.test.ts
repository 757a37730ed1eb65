import t from 'tap'
import { build } from '../../helpers/build.js'
import { cookieValue, postSignIn, signIn, signInForm } from './web-client.js'

t.test('pages answer with the security headers', async (t) => {
  const h = await build(t)
  const response = await fetch(`${h.baseUrl}/sign-in`)
  t.equal(response.status, 200)
  const csp = response.headers.get('content-security-policy') ?? ''
  t.match(csp, /default-src 'self'/)
  t.match(csp, /script-src 'self'(;|$)/, 'no inline scripts')
  t.match(csp, /frame-ancestors 'none'/)
  t.match(csp, /style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  t.equal(response.headers.get('x-frame-options'), 'DENY')
  t.equal(response.headers.get('x-content-type-options'), 'nosniff')
  t.equal(response.headers.get('referrer-policy'), 'same-origin')
  t.equal(response.headers.get('cache-control'), 'no-store')
  t.equal(response.headers.get('strict-transport-security'), null, 'no HSTS over plain http')
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]
  t.match(await response.text(), `<meta name="csp-nonce" content="${nonce}">`, 'the page gets the nonce of its own policy')
})

t.test('signed-out pages redirect to the sign-in form, keeping where to go next', async (t) => {
  const h = await build(t)
  const response = await fetch(`${h.baseUrl}/templates?search=x`, { redirect: 'manual' })
  t.equal(response.status, 303)
  t.equal(response.headers.get('location'), '/sign-in?next=%2Ftemplates%3Fsearch%3Dx')
  const fragment = await fetch(`${h.baseUrl}/keys`, { method: 'POST', redirect: 'manual', headers: { 'hx-request': 'true' } })
  t.equal(fragment.status, 401, 'htmx requests get a 401')
  t.equal(fragment.headers.get('hx-redirect'), '/sign-in?next=%2Fkeys')
})

t.test('sign-in: cookie flags, wrong password, login CSRF, open redirects', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'right password', role: 'admin' })

  const wrong = await postSignIn(h, 'ada@example.com', 'wrong password')
  t.equal(wrong.status, 401)
  t.match(await wrong.text(), /role="alert" id="sign-in-error">Wrong email or password\./)
  t.equal(cookieValue(wrong, 'quire_session'), null, 'no session for a wrong password')

  const unknown = await postSignIn(h, 'nobody@example.com', 'right password')
  t.match(await unknown.text(), /Wrong email or password\./, 'an unknown email gets the same message')

  const ok = await postSignIn(h, 'ADA@example.com', 'right password', { next: '/keys' })
  t.equal(ok.status, 303)
  t.equal(ok.headers.get('location'), '/keys')
  const set = ok.headers.getSetCookie().find((c) => c.startsWith('quire_session='))!
  t.match(set, /; HttpOnly/)
  t.match(set, /; SameSite=Lax/)
  t.match(set, /; Path=\//)
  t.notMatch(set, /Secure/, 'not Secure over plain http')

  const offsite = await postSignIn(h, 'ada@example.com', 'right password', { next: '//evil.example/x' })
  t.equal(offsite.headers.get('location'), '/templates', 'next never leaves the site')

  const { token } = await signInForm(h)
  const noCookie = await fetch(`${h.baseUrl}/sign-in`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: token, email: 'ada@example.com', password: 'right password' }),
  })
  t.equal(noCookie.status, 403, 'a sign-in post without the paired cookie (login CSRF) is refused')
  t.equal(cookieValue(noCookie, 'quire_session'), null)
})

t.test('over https the cookies are Secure and HSTS is sent', async (t) => {
  const h = await build(t, { PUBLIC_URL: 'https://quire.example' })
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'right password', role: 'admin' })
  const page = await fetch(`${h.baseUrl}/sign-in`)
  t.match(page.headers.get('strict-transport-security'), /max-age=\d+/)
  t.match(page.headers.getSetCookie().join('\n'), /quire_signin=[^;]+;.*Secure/)
  const ok = await postSignIn(h, 'ada@example.com', 'right password')
  t.match(ok.headers.getSetCookie().find((c) => c.startsWith('quire_session='))!, /; Secure/)
})

t.test('repeated failed sign-ins are throttled per email', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'right password', role: 'admin' })
  await h.app.store.users.create({ accountId: h.accountId, email: 'bob@example.com', password: 'bob password', role: 'editor' })
  for (let i = 0; i < 5; i++) t.equal((await postSignIn(h, 'ada@example.com', `guess ${i}`)).status, 401)
  const locked = await postSignIn(h, 'ada@example.com', 'right password')
  t.equal(locked.status, 429, 'even the right password waits once the email is locked')
  t.match(locked.headers.get('retry-after'), /^\d+$/)
  t.match(await locked.text(), /Too many failed sign-ins; try again in \d+ seconds\./)
  t.equal(cookieValue(locked, 'quire_session'), null)
  t.equal((await postSignIn(h, 'bob@example.com', 'bob password')).status, 303, 'another email is not affected')
})

t.test('60 concurrent wrong passwords and the right one: only the allowed 5 reach scrypt, the right one is refused too', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'right password', role: 'admin' })
  const users = h.app.store.users
  const verify = users.verify.bind(users)
  let verified = 0
  users.verify = async (...args: Parameters<typeof verify>) => { verified++; return verify(...args) }
  const { token, cookie } = await signInForm(h)
  const post = (password: string) => fetch(`${h.baseUrl}/sign-in`, {
    method: 'POST', redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: token, email: 'ada@example.com', password }),
  })
  // All sent before the first scrypt answers: the throttle used to count only after it, so all 61 were verified.
  const wrong = Array.from({ length: 60 }, (_, i) => post(`guess ${i}`))
  // The right one goes once the first five are at the password check, while the rest are still in flight.
  for (const until = Date.now() + 60_000; verified < 5 && Date.now() < until;) await new Promise((r) => setTimeout(r, 5))
  const right = post('right password')
  const statuses = (await Promise.all(wrong)).map((r) => r.status)
  const answer = await right
  t.equal(verified, 5, 'exactly the 5 allowed attempts reached the password check')
  t.equal(statuses.filter((s) => s === 401).length, 5, '5 wrong passwords were checked and refused')
  t.equal(statuses.filter((s) => s === 429).length, 55, 'the other 55 were throttled before scrypt')
  t.equal(answer.status, 429, 'the right password, arriving after them, is throttled: the email is locked')
  t.equal(cookieValue(answer, 'quire_session'), null)
})

t.test('sign-out ends the session on the server', async (t) => {
  const h = await build(t)
  await h.app.store.users.create({ accountId: h.accountId, email: 'ada@example.com', password: 'right password', role: 'admin' })
  const client = await signIn(h, 'ada@example.com', 'right password')
  t.equal((await client.get('/templates')).status, 200)
  const forged = await client.post('/sign-out', {})
  t.equal(forged.status, 403, 'sign-out needs the CSRF token too')
  const out = await client.post('/sign-out', { _csrf: client.csrf })
  t.equal(out.status, 303)
  t.equal(out.headers.get('location'), '/sign-in')
  const again = await client.get('/templates')
  t.equal(again.status, 303, 'the old cookie no longer opens a page')
  t.match(again.headers.get('location'), /^\/sign-in/)
})
