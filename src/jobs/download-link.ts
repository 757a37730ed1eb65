// Temporary download addresses for results in Quire's own storage: the job id and an expiry time,
// signed with HMAC-SHA256 under the server secret. Anyone holding the address may download until it
// expires (as with a storage provider's pre-signed GET); altering any part breaks the signature.
import { createHmac, timingSafeEqual } from 'node:crypto'

function downloadPath(jobId: string): string {
  return `/render/async/download/${jobId}`
}

function signature(secret: string, jobId: string, expires: number): string {
  return createHmac('sha256', secret).update(`download:${jobId}:${expires}`).digest('base64url')
}

/** Relative address, valid until now + ttlMs. */
export function signDownloadLink(secret: string, jobId: string, ttlMs: number, now = Date.now()): string {
  const expires = Math.floor((now + ttlMs) / 1000)
  return `${downloadPath(jobId)}?expires=${expires}&signature=${signature(secret, jobId, expires)}`
}

export type LinkCheck = 'valid' | 'expired' | 'invalid'

export function checkDownloadLink(secret: string, jobId: string, expires: unknown, sig: unknown, now = Date.now()): LinkCheck {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string') return 'invalid'
  const expected = Buffer.from(signature(secret, jobId, Number(expires)))
  const given = Buffer.from(sig)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
  return Number(expires) * 1000 < now ? 'expired' : 'valid'
}
