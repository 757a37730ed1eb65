// Job ids: 22 characters, ULID-like — a millisecond timestamp (8 base62 characters, so ids sort by
// creation time as plain strings) followed by 14 random base62 characters (~83 bits) from the CSPRNG.
import { randomBase62 } from '../store/random-base62.js'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const TIME_CHARS = 8
const RANDOM_CHARS = 14
const JOB_ID_LENGTH = TIME_CHARS + RANDOM_CHARS

function timePart(ms: number): string {
  let out = ''
  let rest = Math.floor(ms)
  for (let i = 0; i < TIME_CHARS; i++) {
    out = ALPHABET[rest % 62] + out
    rest = Math.floor(rest / 62)
  }
  return out
}

export function newJobId(now = Date.now()): string {
  return timePart(now) + randomBase62(RANDOM_CHARS)
}

/** Shape check only: lets the HTTP layer answer 404 without a lookup for ids that cannot exist. */
export function looksLikeJobId(raw: string): boolean {
  return raw.length === JOB_ID_LENGTH && /^[0-9A-Za-z]+$/.test(raw)
}
