// The gate in front of every signed-in page: a live session from the store (looked up on each request,
// so sign-out, removal and role changes apply at once), and for every unsafe method a same-origin check
// plus the session's CSRF token (form field `_csrf` or header `X-CSRF-Token`).
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Errors } from '../../src/errors.js'
import { csrfTokenMatches } from '../../src/web/csrf-token-matches.js'

export const SESSION_COOKIE = 'quire_session'

export function sessionCookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.secureCookies }
}

/** An htmx request that wants a fragment (boosted navigation and history restores want whole pages). */
export function isFragmentRequest(request: FastifyRequest): boolean {
  const h = request.headers
  return h['hx-request'] === 'true' && h['hx-boosted'] !== 'true' && h['hx-history-restore-request'] !== 'true'
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Browsers name the page a request came from; one from another site is refused before any token check. */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new Errors.WEB_CSRF_INVALID('sent from another site')
  const origin = request.headers.origin
  if (!origin || origin === 'null') return
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    throw new Errors.WEB_CSRF_INVALID('unreadable Origin header')
  }
  if (host !== request.host && host !== new URL(publicUrl).host) throw new Errors.WEB_CSRF_INVALID(`sent from ${origin}`)
}

function submittedToken(request: FastifyRequest): unknown {
  const header = request.headers['x-csrf-token']
  if (typeof header === 'string') return header
  const body = request.body as Record<string, unknown> | undefined
  return body && typeof body === 'object' ? body._csrf : undefined
}

export async function requireSession(this: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const app = request.server
  const session = await app.store.sessions.resolve(request.cookies[SESSION_COOKIE])
  if (!session) {
    if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: '/' })
    const next = encodeURIComponent(request.url)
    if (request.method === 'GET' && !isFragmentRequest(request)) {
      return void (await reply.redirect(`/sign-in?next=${next}`, 303))
    }
    // htmx follows HX-Location with a full navigation; other callers get the problem body.
    if (isFragmentRequest(request)) reply.header('hx-redirect', `/sign-in?next=${next}`)
    throw new Errors.WEB_SIGNIN_REQUIRED()
  }
  request.webSession = session
  if (!SAFE_METHODS.has(request.method)) {
    assertSameOrigin(request, app.config.publicUrl)
    if (!csrfTokenMatches(submittedToken(request), session.csrfToken)) throw new Errors.WEB_CSRF_INVALID('missing or wrong CSRF token')
  }
}

/** Admin-only actions; checked on the server whatever the page showed. */
export function requireAdmin(request: FastifyRequest, action: string): void {
  if (request.webSession?.user.role !== 'admin') throw new Errors.AUTH_FORBIDDEN(`Only admins can ${action}; you are signed in as an editor`)
}
