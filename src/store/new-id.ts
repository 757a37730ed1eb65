import { randomBase62 } from './random-base62.js'

export type IdPrefix = 'acc' | 'usr' | 'key' | 'tpl' | 'cb' | 'ver'

const ID_LENGTH = 20

/** A random record id such as `tpl_4kX0…` (prefix, underscore, 20 base62 characters). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(ID_LENGTH)}`
}

/** Format check only (no lookup): lets the HTTP layer answer 400 for ids that cannot exist. */
export function looksLikeId(prefix: IdPrefix, raw: string): boolean {
  return raw.length === prefix.length + 1 + ID_LENGTH &&
    raw.startsWith(`${prefix}_`) &&
    /^[0-9A-Za-z]+$/.test(raw.slice(prefix.length + 1))
}
