// A route's Base64 member taken from the JSON body's bytes (the raw-HTML renders' base64HtmlString): decoded
// from the bytes between its quotes, and the rest of the body parsed as JSON with a short marker in its
// place. The main thread then makes no string of the whole body, nor of the member: for a 0.8 MB document
// those were two strings of 1.1 MB a request, promoted out of its 2 MB nursery (bin/quire.js's flags) and
// collected by full collections of its heap. Only a value that is clean Base64 with no JSON escape is taken
// (JSON.parse would have read exactly its characters); any other body is parsed whole, as before.
import { stringMemberSpan } from './string-member-span.js'

/** What the parsed body holds in the member's place (the route takes the bytes from the request instead). */
export const TAKEN_AS_BYTES = '(taken as bytes: plugins/base64-member.ts)'

/** Base64 characters decoded a step (whole groups of 4): each step's Latin-1 string is short-lived nursery garbage, never one string of the member. */
const STEP_CHARS = 64 * 1024

/**
 * The bytes of clean Base64 (or base64url) text, decoded from its characters' bytes, else null. Node's decoder
 * skips what is not Base64 and stops at padding, so a decoded length that matches the text's is the proof it
 * was clean, as cleanBase64Bytes (src/render/document-source.ts) checks a string.
 */
export function cleanBase64OfBytes(ascii: Buffer): Buffer | null {
  const length = ascii.length
  if (length % 4 === 1) return null
  const padding = ascii[length - 1] === 0x3d ? (ascii[length - 2] === 0x3d ? 2 : 1) : 0
  const expected = Math.floor((length * 3) / 4) - padding
  // "==" is padding of nothing: no bytes to take (decodeBase64HtmlBytes refuses it on the whole body's parse).
  if (expected <= 0) return null
  // Its own ArrayBuffer, exactly as long: the pool can hand it to the worker instead of copying it.
  const out = Buffer.allocUnsafeSlow(expected)
  let written = 0
  for (let at = 0; at < length; at += STEP_CHARS) {
    written += out.write(ascii.toString('latin1', at, Math.min(at + STEP_CHARS, length)), written, 'base64')
  }
  return written === expected ? out : null
}

export interface TakenMember {
  /** The body's JSON text with the member's value replaced by TAKEN_AS_BYTES. */
  text: string
  /** The member's value, decoded. */
  bytes: Buffer
}

export function takeBase64Member(json: Buffer, name: string): TakenMember | null {
  const span = stringMemberSpan(json, name)
  if (!span || span.end === span.start) return null
  const bytes = cleanBase64OfBytes(json.subarray(span.start, span.end))
  if (!bytes) return null
  return { text: json.toString('utf8', 0, span.start) + TAKEN_AS_BYTES + json.toString('utf8', span.end), bytes }
}
