// X-Api-Key authentication: a preHandler that resolves the key to its account, for every render and
// management route. Missing, malformed (incl. surrounding whitespace, or the header twice), unknown, rolled or
// deleted → 401. Spaces and tabs around a header value are not part of it (RFC 9110 §5.5): Node strips them.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Errors } from '../src/errors.js'
import { looksLikeApiKey } from '../src/store/index.js'

export interface ApiKeyContext { keyId: string; accountId: string }

declare module 'fastify' {
  interface FastifyRequest { apiKey: ApiKeyContext | null }
  interface FastifyInstance { requireApiKey: (request: FastifyRequest) => Promise<void> }
}

/**
 * The header value as the client sent it (Node trims optional whitespace; rawHeaders keeps what it can),
 * else TemplateTo's `x-api-key` query parameter (its value is redacted from request logs: src/redact-url.ts).
 */
function rawApiKeyHeader(request: FastifyRequest): string | undefined {
  const raw = request.raw.rawHeaders
  let found: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() !== 'x-api-key') continue
    // Node joins repeated headers with ", ": two keys must not become one odd value, nor the first one win.
    if (found !== undefined) throw new Errors.AUTH_MALFORMED('send exactly one X-Api-Key header')
    found = raw[i + 1]
  }
  if (found !== undefined) return found
  const value = request.headers['x-api-key']
  if (value !== undefined) return Array.isArray(value) ? value[0] : value
  const query = request.query as Record<string, unknown> | undefined
  const param = query && Object.hasOwn(query, 'x-api-key') ? query['x-api-key'] : undefined
  return Array.isArray(param) ? String(param[0]) : typeof param === 'string' ? param : undefined
}

async function apiKeyAuth(app: FastifyInstance): Promise<void> {
  app.decorateRequest('apiKey', null)
  app.decorate('requireApiKey', async function requireApiKey(request: FastifyRequest) {
    const value = rawApiKeyHeader(request)
    if (value === undefined || value === '') throw new Errors.AUTH_MISSING()
    if (value !== value.trim()) throw new Errors.AUTH_MALFORMED('the value has leading or trailing whitespace')
    if (!looksLikeApiKey(value)) throw new Errors.AUTH_MALFORMED('Quire keys look like qk_ followed by 40 letters and digits')
    const found = await app.store.apiKeys.authenticate(value)
    if (!found) throw new Errors.AUTH_INVALID()
    request.apiKey = found
    await app.store.apiKeys.recordUsage(found.keyId, 'request')
  })
}

export default fp(apiKeyAuth, { name: 'quire-api-key-auth', dependencies: ['quire-services'] })
