// What the pool posts to a worker for one render: the task, and the id the worker reports when it starts it.
// A template render's data usually is the request's JSON body as sent: then the body's text goes instead of
// the parsed object, and the worker parses it. Posting a string copies its characters; posting the object
// made the main thread walk and serialise every member (the bench invoice's 4 KB of data: 42–56 µs against
// 16–18 µs for the same task with the text, v8.serialize), and the worker rebuild them (46–64 µs, against
// 20–28 µs for JSON.parse). The worker's data is the same: JSON.parse of the text the main thread parsed.
// Raw HTML that came as bytes (renderers/utf8-source.ts) goes as those bytes, and the worker decodes them:
// the main thread never makes the document's text, nor hashes it for a key that raw HTML never uses.
// `follow`: what the worker reports of the render while it runs (pool/render-follow.ts).
import type { RenderTask } from '../renderers/contract.js'
import { Utf8Source } from '../renderers/utf8-source.js'
import type { Follow } from './render-follow.js'

export interface Envelope<T> {
  id: number
  task: T
  dataJson?: string
  /** The UTF-8 bytes of `task.source.main` (posted empty), when the main thread has only those. */
  htmlUtf8?: Uint8Array
  follow?: Follow
}

/** `dataJson`: JSON text whose parse is `task.data`, or undefined to post the data itself. */
export function envelopeFor<T extends RenderTask>(id: number, task: T, dataJson?: string, follow?: Follow): Envelope<T> {
  const envelope: Envelope<T> = dataJson === undefined ? { id, task } : { id, task: { ...task, data: undefined }, dataJson }
  const main = task.source.main
  if (main instanceof Utf8Source) {
    envelope.task = { ...envelope.task, source: { ...task.source, main: { cacheKey: '', text: '' } } }
    envelope.htmlUtf8 = main.utf8
  }
  if (follow) envelope.follow = follow
  return envelope
}

/**
 * What the envelope's post can move instead of copying: the raw HTML's bytes when they own their whole
 * ArrayBuffer (the raw-HTML routes decode them into one of their own, plugins/base64-member.ts). The main thread
 * never reads them again; copied, they were serialised there and allocated again in the worker.
 */
export function transferOf(envelope: Envelope<RenderTask>): ArrayBuffer[] | undefined {
  const bytes = envelope.htmlUtf8
  if (!bytes || bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength || !(bytes.buffer instanceof ArrayBuffer)) return undefined
  return [bytes.buffer]
}

/** The task the pool meant: its data parsed from the text, its HTML the bytes they came as (decoded when read). */
export function taskOf<T extends RenderTask>(envelope: Envelope<T>): T {
  let task = envelope.dataJson === undefined ? envelope.task : { ...envelope.task, data: JSON.parse(envelope.dataJson) as unknown }
  if (envelope.htmlUtf8 !== undefined) {
    task = { ...task, source: { ...task.source, main: new Utf8Source(envelope.htmlUtf8) } }
  }
  return task
}
