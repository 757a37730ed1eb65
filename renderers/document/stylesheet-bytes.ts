// What a parsed stylesheet costs in a worker's heap, for the byte-bounded caches that keep sheets and rule
// indexes (parse-stylesheet.ts, rule-index.ts). Measured over the corpus's sheets (a heap delta after a full
// collection): about 2 bytes a character of CSS (the text and the strings cut from it) and 600 bytes for
// each selector and declaration (their parsed objects and the index's buckets), within a factor of 2.
import { createHash } from 'node:crypto'
import type { Stylesheet } from './parse-stylesheet.js'

export function stylesheetBytes(sheet: Stylesheet, chars: number): number {
  let parts = 0
  for (const rule of sheet.rules) parts += rule.selectors.length + rule.normal.length + rule.important.length
  return 2 * chars + 600 * (parts + sheet.pages.length + sheet.fontFaces.length)
}

/**
 * A short key for a CSS text: a cache keyed by the text itself keeps a copy of it, and a `<style>` body cut
 * from the document keeps the whole document's HTML alive.
 */
export function cssKey(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}
