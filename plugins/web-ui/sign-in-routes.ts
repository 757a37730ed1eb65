// Sign-in and sign-out. The sign-in form is protected against login CSRF with a double-submit token (a
// cookie plus the same value in the form), attempts are throttled per email and per client address (each
// counted before its password is checked, given back when it succeeds), and a wrong email or password gets one message that does not say which one was wrong.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Errors } from '../../src/errors.js'
import { csrfTokenMatches } from '../../src/web/csrf-token-matches.js'
import { safeNextPath } from '../../src/web/safe-next-path.js'
import { SignInThrottle, type Throttle, type ThrottleRule } from '../../src/web/sign-in-throttle.js'
import { RedisSignInThrottle } from '../../src/web/redis-sign-in-throttle.js'
import { SESSION_COOKIE, assertSameOrigin, sessionCookieOptions } from './require-session.js'

export interface SignInRoutesOptions { throttle?: { perEmail?: ThrottleRule; perAddress?: ThrottleRule } }

const SIGN_IN_COOKIE = 'quire_signin'
const MINUTE = 60_000
const PER_EMAIL: ThrottleRule = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 30_000, maxLockMs: 15 * MINUTE }
const PER_ADDRESS: ThrottleRule = { maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 60_000, maxLockMs: 60 * MINUTE }

interface SignInBody { email?: string; password?: string; next?: string; _csrf?: string }

export default async function signInRoutes(app: FastifyInstance, options: SignInRoutesOptions): Promise<void> {
  // With REDIS_URL every node counts the same failures (docs/scaling.md); else in this process's memory.
  const redis = app.engines.redis
  const throttle = (rule: ThrottleRule, name: string): Throttle => (redis ? new RedisSignInThrottle(redis, rule, name) : new SignInThrottle(rule))
  const perEmail = throttle(options.throttle?.perEmail ?? PER_EMAIL, 'email')
  const perAddress = throttle(options.throttle?.perAddress ?? PER_ADDRESS, 'address')

  function showForm(request: FastifyRequest, reply: FastifyReply, status: number, view: { email?: string; next?: string; error?: string }) {
    const token = randomBytes(24).toString('base64url')
    reply.setCookie(SIGN_IN_COOKIE, token, { path: '/sign-in', httpOnly: true, sameSite: 'strict', secure: request.secureCookies, maxAge: 3600 })
    return reply.code(status).view('sign-in', { title: 'Sign in', csrfToken: token, email: view.email ?? '', next: view.next ?? '', error: view.error ?? null })
  }

  app.get<{ Querystring: { next?: string } }>('/sign-in', async (request, reply) => {
    const session = await app.store.sessions.resolve(request.cookies[SESSION_COOKIE])
    if (session) return reply.redirect(safeNextPath(request.query.next), 303)
    return showForm(request, reply, 200, { next: safeNextPath(request.query.next) })
  })

  app.post<{ Body: SignInBody }>('/sign-in', async (request, reply) => {
    const body = request.body ?? {}
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    const next = safeNextPath(body.next)
    assertSameOrigin(request, app.config.publicUrl)
    if (!csrfTokenMatches(body._csrf, request.cookies[SIGN_IN_COOKIE] ?? '')) {
      return showForm(request, reply, 403, { email, next, error: 'The sign-in form had expired. Please try again.' })
    }
    const emailKey = `email:${email.toLowerCase()}`
    const addressKey = `address:${request.ip}`
    // Each attempt takes its place before the password is checked (scrypt takes a while): concurrent guesses
    // cannot all be verified before the first failure is counted. The address is reserved only past the email.
    const waitMs = (await perEmail.reserve(emailKey)) || (await perAddress.reserve(addressKey))
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000)
      reply.header('retry-after', String(seconds))
      return showForm(request, reply, 429, { email, next, error: new Errors.WEB_SIGNIN_THROTTLED(seconds).message + '.' })
    }
    const user = email && typeof body.password === 'string' ? await app.store.users.verify(email, body.password) : null
    if (!user) {
      request.log.info({ email: email.slice(0, 320), ip: request.ip }, 'web sign-in failed')
      return showForm(request, reply, 401, { email, next, error: 'Wrong email or password.' })
    }
    await Promise.all([perEmail.recordSuccess(emailKey), perAddress.release(addressKey)])
    // Expired sessions are deleted when touched; sign-ins sweep the ones nobody touches again.
    await app.store.sessions.pruneExpired()
    const { token } = await app.store.sessions.create(user)
    reply.clearCookie(SIGN_IN_COOKIE, { path: '/sign-in' })
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request))
    return reply.redirect(next, 303)
  })

  app.post<{ Body: { _csrf?: string } }>('/sign-out', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE]
    const session = await app.store.sessions.resolve(token)
    if (session) {
      assertSameOrigin(request, app.config.publicUrl)
      if (!csrfTokenMatches(request.body?._csrf ?? request.headers['x-csrf-token'], session.csrfToken)) {
        throw new Errors.WEB_CSRF_INVALID('missing or wrong CSRF token')
      }
      await app.store.sessions.remove(token)
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    return reply.redirect('/sign-in', 303)
  })
}
