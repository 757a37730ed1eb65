// Per-API-key rate limit (RATE_LIMIT_PER_MINUTE; off when 0): @fastify/rate-limit counting in Redis when
// REDIS_URL is set (one budget shared by every node), in memory otherwise. Requests without a key are not
// counted here (they are refused by authentication). Counters are keyed by a hash, never the key itself.
import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { Errors } from '../src/errors.js'

function apiKeyOf(headers: Record<string, unknown>): string | null {
  const key = headers['x-api-key']
  return typeof key === 'string' && key.length > 0 ? key : null
}

async function rateLimits(app: FastifyInstance): Promise<void> {
  const max = app.config.rateLimitPerMinute
  if (max <= 0) return
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: 60_000,
    // RateLimit-Limit / -Remaining / -Reset (the IETF draft) and Retry-After on 429.
    enableDraftSpec: true,
    ...(app.engines.redis ? { redis: app.engines.redis, nameSpace: 'quire:rate:' } : {}),
    allowList: (request) => apiKeyOf(request.headers) === null,
    keyGenerator: (request) => createHash('sha256').update(apiKeyOf(request.headers) ?? '').digest('base64url').slice(0, 32),
    errorResponseBuilder: (_request, context) => {
      const error = new Errors.RATE_LIMITED(context.max, Math.max(1, Math.ceil(context.ttl / 1000)))
      return Object.assign(error, { statusCode: 429 })
    },
  })
}

export default fp(rateLimits, { name: 'quire-rate-limit', dependencies: ['quire-services'] })
