// THE outbound fetcher for everything done on a customer's behalf (template images, webhooks, presigned
// uploads): scheme allow-list, every resolved address checked on every redirect hop, the connection
// pinned to the checked address, one deadline and one size cap for the whole exchange.
import type { FetchPolicy } from '../contract.js'
import { GuardedFetchError } from './guarded-fetch-error.js'

export { GuardedFetchError, type GuardedFetchFailure } from './guarded-fetch-error.js'

// The HTTP client (node:http, node:https, node:dns with net and tls) is loaded by the first fetch, not with the
// render worker: most documents reference nothing remote, and loading those built-ins took some 9 ms of each
// worker's start (docs/operations.md#start-up-and-memory).
let network: Promise<[typeof import('./request-once.js'), typeof import('./resolve-vetted-address.js')]> | undefined
const loadNetwork = () => (network ??= Promise.all([import('./request-once.js'), import('./resolve-vetted-address.js')]))

export interface GuardedFetchInit {
  method?: 'GET' | 'POST' | 'PUT'
  headers?: Record<string, string>
  body?: Uint8Array | string
  /** Schemes allowed on the first URL and every redirect, with or without the colon. Default http, https. */
  allowedSchemes?: string[]
  /** Plain http:// only to loopback names (localhost, 127.x, ::1), on the first URL and every redirect. */
  httpOnlyToLoopback?: boolean
}

function isLoopbackName(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

export interface GuardedResponse { status: number; headers: Headers | Record<string, string>; bytes: Buffer }

const MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
// Credentials meant for one origin must not follow a redirect to another.
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization']

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base)
  } catch {
    throw new GuardedFetchError('bad-url', text, `not a valid URL: ${JSON.stringify(text.slice(0, 200))}`)
  }
}

function checkScheme(url: URL, allowed: readonly string[]): void {
  if (!allowed.includes(url.protocol)) {
    throw new GuardedFetchError('scheme', url.href, `scheme ${url.protocol.replace(/:$/, '')} is not allowed (allowed: ${allowed.map((s) => s.replace(/:$/, '')).join(', ')})`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedFetchError('scheme', url.href, `scheme ${url.protocol.replace(/:$/, '')} cannot be fetched over the network`)
  }
  if (url.username || url.password) throw new GuardedFetchError('bad-url', url.href, 'URLs with credentials are not fetched')
}

function lowerCaseHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

export async function guardedFetch(url: string, policy: FetchPolicy, init: GuardedFetchInit = {}): Promise<GuardedResponse> {
  const [{ requestOnce }, { resolveVettedAddress }] = await loadNetwork()
  const allowedSchemes = (init.allowedSchemes ?? ['http', 'https']).map((s) => (s.endsWith(':') ? s : `${s}:`).toLowerCase())
  const deadline = Date.now() + policy.timeoutMs
  let current = parseUrl(url)
  let method: string = init.method ?? 'GET'
  let body = init.body
  let headers = lowerCaseHeaders(init.headers)

  for (let hop = 0; ; hop++) {
    checkScheme(current, allowedSchemes)
    if (init.httpOnlyToLoopback && current.protocol === 'http:' && !isLoopbackName(current.hostname)) {
      throw new GuardedFetchError('scheme', current.href, 'plain http is allowed to loopback addresses only')
    }
    const vetted = await resolveVettedAddress(current, policy.allowHosts, Math.max(1, deadline - Date.now()))
    if (Date.now() >= deadline) throw new GuardedFetchError('timeout', current.href, `timed out after ${policy.timeoutMs} ms`)
    const response = await requestOnce({
      url: current, vetted, method, headers, body, deadline, timeoutMs: policy.timeoutMs, maxBytes: policy.maxBytes,
      readBody: (status) => !(REDIRECT_STATUSES.has(status)),
    })
    const location = response.headers.location
    if (!REDIRECT_STATUSES.has(response.status) || !location) return response
    if (hop >= MAX_REDIRECTS) throw new GuardedFetchError('redirects', url, `more than ${MAX_REDIRECTS} redirects`)
    const next = parseUrl(location, current)
    if (next.origin !== current.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name]
    // As browsers do: 303 always, and 301/302 after a POST, continue as GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type' && k !== 'content-length'))
    }
    current = next
  }
}
