// Uploads a result to a caller's presigned address (S3, GCS, Azure and alike all take a plain PUT)
// through the guarded fetcher. Failures name which of the spec's cases happened: expired address,
// access denied, invalid address — or the status the storage answered.
import type { FetchPolicy } from '../../renderers/contract.js'
import { guardedFetch, GuardedFetchError } from '../../renderers/resources/guarded-fetch.js'
import { httpsAddressProblem } from './https-address.js'

export class UploadError extends Error {}

/** Expiry written into the address by the common providers, in ms since the epoch (null when not found). */
export function presignedExpiry(address: URL): number | null {
  const q = address.searchParams
  const amzDate = q.get('X-Amz-Date') ?? q.get('X-Goog-Date')
  const amzExpires = q.get('X-Amz-Expires') ?? q.get('X-Goog-Expires')
  if (amzDate && amzExpires && /^\d{8}T\d{6}Z$/.test(amzDate) && /^\d+$/.test(amzExpires)) {
    const iso = `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`
    return Date.parse(iso) + Number(amzExpires) * 1000
  }
  const legacy = q.get('Expires') // S3 signature v2
  if (legacy && /^\d+$/.test(legacy)) return Number(legacy) * 1000
  const azure = q.get('se') // Azure SAS
  if (azure && q.get('sig') && !Number.isNaN(Date.parse(azure))) return Date.parse(azure)
  return null
}

function describeRefusal(status: number, body: string): string {
  const text = body.slice(0, 2000)
  if (/expired/i.test(text)) return `the presigned address has expired (HTTP ${status} from the storage)`
  if (status === 403 || status === 401) return `access denied by the storage (HTTP ${status}): the address does not permit this PUT`
  if (status === 400 && /(Authorization|Signature|Credential|Token)/i.test(text)) return `invalid presigned address: the storage rejected its signature (HTTP 400)`
  if (status === 404) return 'invalid presigned address: the storage has no such bucket or path (HTTP 404)'
  if (status === 405) return 'invalid presigned address: it does not accept PUT (HTTP 405)'
  return `the storage answered HTTP ${status}`
}

export async function uploadToPresignedUrl(address: string, bytes: Uint8Array, contentType: string, policy: FetchPolicy, now = Date.now()): Promise<void> {
  const problem = httpsAddressProblem(address)
  if (problem) throw new UploadError(`Upload failed: invalid presigned address: ${problem}`)
  const expiry = presignedExpiry(new URL(address))
  if (expiry !== null && expiry < now) {
    throw new UploadError(`Upload failed: the presigned address has expired (at ${new Date(expiry).toISOString()})`)
  }
  let response
  try {
    response = await guardedFetch(address, policy, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) },
      body: bytes,
      allowedSchemes: ['https'],
    })
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error
    const invalid = error.kind === 'bad-url' || error.kind === 'scheme' || error.kind === 'address' || error.kind === 'dns'
    throw new UploadError(`Upload failed: ${invalid ? 'invalid presigned address: ' : ''}${error.reason}`)
  }
  if (response.status < 200 || response.status >= 300) {
    throw new UploadError(`Upload failed: ${describeRefusal(response.status, response.bytes.toString('utf8'))}`)
  }
}
