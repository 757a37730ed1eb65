// The key of a text by its content (raw HTML, a draft): SHA-1 of its UTF-8, so a text and its UTF-8 bytes
// have the same key.
import { createHash } from 'node:crypto'

export function contentKey(text: string | Uint8Array): string {
  return 'sha1:' + createHash('sha1').update(text).digest('hex')
}
