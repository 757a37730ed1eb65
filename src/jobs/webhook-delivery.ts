// Delivers one job-end notification: a signed JSON POST through the guarded fetcher, counted as
// delivered on any 2xx within the time limit, otherwise retried with exponential backoff
// (base, 2×base, …) up to the attempt limit. Every attempt carries the same idempotency key.
import type { FetchPolicy } from '../../renderers/contract.js'
import type { RenderCost } from '../render/cost-headers.js'
import { guardedFetch, GuardedFetchError } from '../../renderers/resources/guarded-fetch.js'
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature.js'

export interface WebhookEvent {
  jobId: string
  status: 'Completed' | 'Failed'
  renderType: string
  templateId: string | null
  completedAt: string
  elapsedTimeMs: number
  errorMessage: string | null
  /** Absolute; only for successful jobs. */
  resultUrl?: string
  /** An extra field beside the spec's, for successful jobs: what the render cost (src/render/cost-headers.ts). */
  cost?: RenderCost
}

export interface WebhookDelivery {
  url: string
  event: WebhookEvent
  secret: string
  policy: FetchPolicy
  attempts: number
  /** Number of the first attempt made here (a shared queue makes one attempt per run and counts them). */
  firstAttempt?: number
  retryBaseMs: number
  /** WEBHOOK_DEV_HTTP_LOOPBACK: plain http:// to this machine's loopback is let through too. */
  devHttpLoopback?: boolean
  /** Stops retrying (service shutdown); the delivery then counts as not finished. */
  signal?: AbortSignal
  /** Awaited, so what it records is in place before the next attempt or the outcome. */
  onAttempt?: (attempt: number, outcome: string) => void | Promise<void>
}

/** The loopback ranges the development setting opens to webhooks (the address checks refuse them otherwise). */
const LOOPBACK = ['127.0.0.0/8', '::1/128']

const IDEMPOTENCY_HEADER = 'idempotency-key'

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => { signal?.removeEventListener('abort', stop); resolve() }, ms)
    const stop = () => { clearTimeout(timer); reject(signal!.reason) }
    signal?.addEventListener('abort', stop, { once: true })
  })
}

/** true once a 2xx arrived; false after the last failed attempt. Throws only when aborted. */
export async function deliverWebhook(d: WebhookDelivery): Promise<boolean> {
  const body = JSON.stringify(d.event)
  const dev = d.devHttpLoopback === true && new URL(d.url).protocol === 'http:'
  const policy = dev ? { ...d.policy, allowHosts: [...d.policy.allowHosts, ...LOOPBACK] } : d.policy
  for (let attempt = 1; attempt <= d.attempts; attempt++) {
    if (d.signal?.aborted) throw d.signal.reason
    let outcome: string
    try {
      const response = await guardedFetch(d.url, policy, {
        method: 'POST',
        allowedSchemes: dev ? ['https', 'http'] : ['https'],
        httpOnlyToLoopback: dev,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Quire-Webhook/1',
          [SIGNATURE_HEADER]: signWebhook(d.secret, body),
          [IDEMPOTENCY_HEADER]: `whk_${d.event.jobId}`,
          'x-quire-attempt': String(attempt + (d.firstAttempt ?? 1) - 1),
        },
      })
      if (response.status >= 200 && response.status < 300) {
        await d.onAttempt?.(attempt + (d.firstAttempt ?? 1) - 1, `HTTP ${response.status}`)
        return true
      }
      outcome = `HTTP ${response.status}`
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error
      outcome = error.reason
    }
    await d.onAttempt?.(attempt + (d.firstAttempt ?? 1) - 1, outcome)
    if (attempt < d.attempts) await wait(d.retryBaseMs * 2 ** (attempt - 1), d.signal)
  }
  return false
}
