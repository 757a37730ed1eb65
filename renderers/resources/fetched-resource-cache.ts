// Web fonts and stylesheets fetched for templates, kept per worker so that the invoice printed a thousand
// times a day fetches its font once. Least recently used entries go first once the bytes pass the budget
// (WEB_RESOURCE_CACHE_BYTES). The key carries the fetch policy: a URL one tenant may fetch (an allowed
// private host) is not served from cache to a render whose policy would refuse it.
import type { FetchPolicy } from '../contract.js'
import { guardedFetch } from './guarded-fetch.js'

interface Entry { bytes: Buffer; contentType: string }

const entries = new Map<string, Entry>()
let total = 0

function evict(budget: number): void {
  for (const [key, entry] of entries) {
    if (total <= budget) return
    entries.delete(key)
    total -= entry.bytes.length
  }
}

/** GET through the guarded fetcher, answered from the worker's cache when the same URL was fetched under the same policy. */
export async function fetchCached(url: string, policy: FetchPolicy, budget: number, accept: string): Promise<Entry> {
  const key = `${policy.allowHosts.join(',')}\u0000${url}`
  const hit = entries.get(key)
  if (hit) {
    entries.delete(key)
    entries.set(key, hit)
    return hit
  }
  const res = await guardedFetch(url, policy, { headers: { accept } })
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status}`)
  const header = res.headers instanceof Headers ? res.headers.get('content-type') : res.headers['content-type']
  const entry = { bytes: res.bytes, contentType: (header ?? '').toLowerCase() }
  if (entry.bytes.length <= budget) {
    entries.set(key, entry)
    total += entry.bytes.length
    evict(budget)
  }
  return entry
}
