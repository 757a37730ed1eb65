// Password storage: scrypt (node:crypto) with a random salt, parameters kept in the stored string
// (`scrypt$N$r$p$salt$hash`) so they can be raised later without invalidating existing hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 64
const SALT_BYTES = 16

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // 128·N·r·p bytes are needed; give room so raised parameters still work.
  const maxmem = 256 * (options.N ?? N) * (options.r ?? R) * (options.p ?? P)
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem }, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const hash = await derive(password, salt, { N, r: R, p: P })
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`
}

/** Constant-time comparison; false for a malformed stored string rather than an exception. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number)
  if (![n, r, p].every((x) => Number.isInteger(x) && x > 0)) return false
  const salt = Buffer.from(parts[4], 'base64')
  const expected = Buffer.from(parts[5], 'base64')
  if (expected.length !== KEY_LENGTH) return false
  const actual = await derive(password, salt, { N: n, r, p })
  return timingSafeEqual(actual, expected)
}

/** A valid hash of nothing anyone knows: verified against when the email is unknown, so timing does not reveal it. */
export const DUMMY_PASSWORD_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(SALT_BYTES).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`
