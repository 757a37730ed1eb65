// A typed client of Quire's HTTP API: openapi-fetch over the types openapi-typescript generated from the
// service's OpenAPI document (openapi.d.ts). Paths, parameters, bodies and answers are checked by the
// compiler; the key goes in the X-Api-Key header of every request.
import createClient, { type Client } from 'openapi-fetch'
import type { paths } from './openapi.js'

export type { components, operations, paths } from './openapi.js'

export interface QuireClientOptions {
  /** Where the service answers, e.g. http://localhost:3000 (its PUBLIC_URL). */
  baseUrl: string
  /** An API key (qk_…) from the web interface or `quire keys create`; none for /health and /ready. */
  apiKey?: string
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch
}

export type QuireClient = Client<paths>

export function createQuireClient({ baseUrl, apiKey, fetch }: QuireClientOptions): QuireClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/$/, ''), ...(fetch ? { fetch } : {}) })
  if (apiKey) {
    client.use({
      onRequest({ request }) {
        request.headers.set('X-Api-Key', apiKey)
        return request
      },
    })
  }
  return client
}
