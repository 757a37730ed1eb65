import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
// 248 = 4 × 62: bytes at or above it are dropped so every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 248

/** `length` characters of [0-9A-Za-z] from the system CSPRNG. */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}
