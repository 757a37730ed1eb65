// Raw HTML as a request sent it: the UTF-8 bytes decoded from its Base64, not yet text. The main thread only
// checks them (src/render/document-source.ts) and posts them to the render worker, which decodes them
// (pool/task-envelope.ts). Decoding there instead of on the main thread saves the main thread the decode and
// a UTF-16 copy of the whole document that lived as long as the render: for a 0.9 MB document (tufte-css)
// some 5 ms of decoding and, through the old generation it filled, a full collection every other request.
// Its key is hashed only if something asks for it (raw HTML is never compiled, so nothing does).
import { contentKey } from './content-key.js'
import type { LiquidSource } from './contract.js'

const utf8 = new TextDecoder('utf-8')

/** The text of UTF-8 bytes, a leading byte-order mark dropped, as `new TextDecoder('utf-8')` reads them. */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes)
}

/** A source kept as UTF-8 bytes: its text decoded and its content key hashed on their first reads. */
export class Utf8Source implements LiquidSource {
  #text: string | undefined
  #cacheKey: string | undefined

  constructor(readonly utf8: Uint8Array) {}

  get cacheKey(): string {
    this.#cacheKey ??= contentKey(this.utf8)
    return this.#cacheKey
  }

  get text(): string {
    this.#text ??= decodeUtf8(this.utf8)
    return this.#text
  }

  /** As a plain source (a job stored as JSON, a log line): its key and text. */
  toJSON(): LiquidSource {
    return { cacheKey: this.cacheKey, text: this.text }
  }
}
