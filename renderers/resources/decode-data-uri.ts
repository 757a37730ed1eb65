// data: URIs (RFC 2397), base64 or percent-encoded, as browsers read them: whitespace inside base64
// is ignored, a missing media type means text/plain, a stray '%' stays as it is.
export interface DataUriPayload { mediaType: string; bytes: Buffer }

/** Percent-decoding to bytes, not to a string: `%89PNG` is binary, not UTF-8. */
function percentDecode(text: string): Buffer {
  const parts: Buffer[] = []
  let last = 0
  for (const m of text.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    parts.push(Buffer.from(text.slice(last, m.index), 'utf8'), Buffer.from(m[0].replace(/%/g, ''), 'hex'))
    last = (m.index ?? 0) + m[0].length
  }
  parts.push(Buffer.from(text.slice(last), 'utf8'))
  return Buffer.concat(parts)
}

export function decodeDataUri(uri: string): DataUriPayload {
  const text = uri.trim()
  const comma = text.indexOf(',')
  if (!/^data:/i.test(text) || comma < 0) throw new Error('malformed data: URI (no comma after the media type)')
  const meta = text.slice(5, comma).split(';').map((part) => part.trim())
  const isBase64 = meta.length > 1 && meta[meta.length - 1].toLowerCase() === 'base64'
  const mediaType = (meta[0] || 'text/plain').toLowerCase()
  const payload = percentDecode(text.slice(comma + 1))
  if (!isBase64) return { mediaType, bytes: payload }
  const compact = payload.toString('latin1').replace(/\s/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) throw new Error('data: URI has invalid base64')
  return { mediaType, bytes: Buffer.from(compact, 'base64') }
}
