// One HTTP(S) exchange with a vetted address: the socket goes to that address while TLS (SNI,
// certificate check) and the Host header use the hostname. Time and size are enforced while streaming.
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { GuardedFetchError } from './guarded-fetch-error.js'
import type { VettedAddress } from './resolve-vetted-address.js'

export interface OnceRequest {
  url: URL
  vetted: VettedAddress
  method: string
  headers: Record<string, string>
  body?: Uint8Array | string
  /** Absolute deadline (Date.now() based) for the whole guarded fetch, and the budget it came from. */
  deadline: number
  timeoutMs: number
  maxBytes: number
  /** Redirect responses are not read: only status and headers matter. */
  readBody: (status: number) => boolean
}

export interface OnceResponse { status: number; headers: Record<string, string>; bytes: Buffer }

function pinnedLookup(vetted: VettedAddress): LookupFunction {
  // Node 20's connect asks for all addresses (happy eyeballs) or for one, depending on options.
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: vetted.address, family: vetted.family }])
    else callback(null, vetted.address, vetted.family)
  }) as unknown as LookupFunction
}

function flatHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

export function requestOnce(req: OnceRequest): Promise<OnceResponse> {
  const { url, vetted, maxBytes } = req
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (err: GuardedFetchError) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      request.destroy()
      reject(err)
    }
    const timer = setTimeout(
      () => fail(new GuardedFetchError('timeout', url.href, `timed out after ${req.timeoutMs} ms`)),
      Math.max(0, req.deadline - Date.now()),
    )
    const request = client.request({
      protocol: url.protocol,
      host: vetted.hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers: req.headers,
      lookup: pinnedLookup(vetted),
      // A pooled socket could have been opened under another policy: every fetch gets its own connection.
      agent: false,
      servername: vetted.hostname === vetted.address ? undefined : vetted.hostname,
    })
    request.on('error', (err: NodeJS.ErrnoException) => fail(new GuardedFetchError('network', url.href, `${err.code ?? 'request failed'}: ${err.message}`)))
    request.on('response', (res) => {
      const status = res.statusCode ?? 0
      const headers = flatHeaders(res.headers)
      if (!req.readBody(status)) {
        res.resume()
        settled = true
        clearTimeout(timer)
        request.destroy()
        resolve({ status, headers, bytes: Buffer.alloc(0) })
        return
      }
      const declared = Number(headers['content-length'])
      if (Number.isFinite(declared) && declared > maxBytes) {
        fail(new GuardedFetchError('too-large', url.href, `response larger than ${maxBytes} bytes (Content-Length ${declared})`))
        return
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > maxBytes) fail(new GuardedFetchError('too-large', url.href, `response larger than ${maxBytes} bytes`))
        else chunks.push(chunk)
      })
      res.on('error', (err) => fail(new GuardedFetchError('network', url.href, err.message)))
      res.on('close', () => {
        if (!res.complete) fail(new GuardedFetchError('network', url.href, 'connection closed before the response was complete'))
      })
      res.on('end', () => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve({ status, headers, bytes: Buffer.concat(chunks, size) })
      })
    })
    request.end(req.body)
  })
}
