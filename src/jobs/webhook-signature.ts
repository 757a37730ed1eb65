// Webhook signatures, Stripe-style: `X-Quire-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
// `${t}.${body}`, keyed by the account's webhook secret. The timestamp lets receivers refuse replays.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADER = 'x-quire-signature'

/** The account's signing key, derived from the server secret (stable across restarts, one per account). */
export function accountWebhookSecret(serverSecret: string, accountId: string): string {
  return 'whsec_' + createHmac('sha256', serverSecret).update(`webhook:${accountId}`).digest('base64url')
}

export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/** What a receiver does (and what the README shows): recompute, compare in constant time, check age. */
export function verifyWebhookSignature(secret: string, body: string, header: string, toleranceSec = 300, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || !parts.v1) return false
  if (Math.abs(now / 1000 - t) > toleranceSec) return false
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'))
  const given = Buffer.from(parts.v1)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
