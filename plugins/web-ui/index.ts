// The web interface at `/`: sign-in, templates and content blocks with editor, live preview and versions,
// API keys and users. Server-rendered eta pages; htmx and two small bundles (web/) for interaction.
// Encapsulated: its cookie and form parsers, security headers and HTML error pages apply to its routes only.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { projectRoot } from '../../src/project-root.js'
import { describeError } from '../../src/web/describe-error.js'
import { securityHeaders } from '../../src/web/security-headers.js'
import type { ThrottleRule } from '../../src/web/sign-in-throttle.js'
import { createViewEngine } from '../../src/web/view-engine.js'
import { viewHelpers } from '../../src/web/view-helpers.js'
import type { WebSession } from '../../src/store/index.js'
import { sendProblem } from '../problem-errors.js'
import accountRoutes from './account-routes.js'
import documentRoutes from './document-routes.js'
import keyRoutes from './key-routes.js'
import { isFragmentRequest, requireSession } from './require-session.js'
import signInRoutes from './sign-in-routes.js'
import staticAssets from './static-assets.js'
import userRoutes from './user-routes.js'

export interface WebUiOptions {
  /** Secure cookies: 'auto' (default) = when PUBLIC_URL is https or the request arrived over https. */
  cookieSecure?: boolean | 'auto'
  /** Failed sign-ins allowed per email and per client address before a lock (tests shorten these). */
  throttle?: { perEmail?: ThrottleRule; perAddress?: ThrottleRule }
  /** Recompile eta pages on every request (development). */
  viewCache?: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    webSession: WebSession | null
    cspNonce: string
    /** Whether cookies set on this request's reply carry the Secure attribute. */
    secureCookies: boolean
  }
  interface FastifyReply {
    /** Renders a page (or, for an htmx request, `fragment` when given) with the common view data. */
    view(page: string, data?: Record<string, unknown>, options?: { fragment?: string }): FastifyReply
  }
}

function checkOptions(options: WebUiOptions): void {
  const secure = options.cookieSecure ?? 'auto'
  if (secure !== 'auto' && typeof secure !== 'boolean') throw new Error(`web-ui: cookieSecure must be true, false or 'auto'`)
}

export default async function webUi(app: FastifyInstance, options: WebUiOptions): Promise<void> {
  checkOptions(options)
  const root = projectRoot()
  const views = createViewEngine(join(root, 'src/views'), options.viewCache ?? true)
  const assets = join(root, 'dist/public')
  const httpsPublicUrl = app.config.publicUrl.startsWith('https://')
  const cookieSecure = options.cookieSecure ?? 'auto'

  await app.register(cookie)
  await app.register(formbody)
  app.decorateRequest('webSession', null)
  app.decorateRequest('cspNonce', '')
  app.decorateRequest('secureCookies', false)

  app.decorateReply('view', function view(this: FastifyReply, page: string, data: Record<string, unknown> = {}, opts: { fragment?: string } = {}) {
    const request = this.request
    const session = request.webSession
    const name = opts.fragment && isFragmentRequest(request) ? opts.fragment : page
    const html = views.render(name, {
      title: 'Quire',
      ...data,
      user: session?.user ?? null,
      isAdmin: session?.user.role === 'admin',
      csrfToken: session?.csrfToken ?? data.csrfToken ?? '',
      nonce: request.cspNonce,
      path: request.url.split('?')[0],
      h: viewHelpers,
    })
    return this.type('text/html; charset=utf-8').send(html)
  })

  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64')
    const https = request.protocol === 'https' || httpsPublicUrl
    request.secureCookies = cookieSecure === 'auto' ? https : cookieSecure
    reply.headers(securityHeaders(request.cspNonce, request.secureCookies))
    // Pages show keys and drafts: never cached. Assets override this below.
    reply.header('cache-control', 'no-store')
  })

  app.setErrorHandler(function webError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const { status, code, message } = describeError(error)
    if (status >= 500) request.log.error({ err: error, code }, message)
    else request.log.info({ code }, message)
    const accept = request.headers.accept ?? ''
    if (isFragmentRequest(request)) {
      // htmx swaps every answer (see layout's htmx-config); this one lands in the page's alert area.
      return reply.code(status).header('hx-retarget', '#alerts').header('hx-reswap', 'innerHTML')
        .view('partials/alert', { kind: 'error', message })
    }
    if (accept.includes('text/html')) return reply.code(status).view('error', { title: `Error ${status}`, status, code, message })
    return sendProblem(reply, status, code, message)
  })

  if (existsSync(assets)) {
    await app.register(staticAssets, { root: assets, urlPath: '/assets/' })
  } else {
    app.log.warn(`web-ui: ${assets} is missing; run \`npm run build\` to bundle the editor and styles`)
  }

  await app.register(signInRoutes, { throttle: options.throttle })

  await app.register(async function signedIn(scope: FastifyInstance) {
    scope.addHook('preHandler', requireSession)
    scope.get('/', async (_request, reply) => reply.redirect('/templates', 303))
    await scope.register(documentRoutes, { prefix: '/templates', kind: 'templates' })
    await scope.register(documentRoutes, { prefix: '/blocks', kind: 'blocks' })
    await scope.register(keyRoutes, { prefix: '/keys' })
    await scope.register(userRoutes, { prefix: '/users' })
    await scope.register(accountRoutes, { prefix: '/account' })
  })
}
