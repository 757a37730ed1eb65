import { randomBase62 } from './random-base62.js'

const API_KEY_PREFIX = 'qk_'
const SECRET_LENGTH = 40
/** How much of a key is stored in clear to tell keys apart in lists: `qk_` and 7 characters. */
export const API_KEY_DISPLAY_LENGTH = 10

const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`)

/** Format check without a database lookup: `qk_` followed by 40 base62 characters. */
export function looksLikeApiKey(raw: string): boolean {
  return typeof raw === 'string' && API_KEY_PATTERN.test(raw)
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(SECRET_LENGTH)
}
