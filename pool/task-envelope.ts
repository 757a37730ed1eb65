// What the pool posts to a worker for one render: the task, and the id the worker reports when it starts it.
// A template render's data usually is the request's JSON body as sent: then the body's text goes instead of
// the parsed object, and the worker parses it. Posting a string copies its characters; posting the object
// made the main thread walk and serialise every member (the bench invoice's 4 KB of data: 42–56 µs against
// 16–18 µs for the same task with the text, v8.serialize), and the worker rebuild them (46–64 µs, against
// 20–28 µs for JSON.parse). The worker's data is the same: JSON.parse of the text the main thread parsed.
// `follow`: what the worker reports of the render while it runs (pool/render-follow.ts).
import type { RenderTask } from '../renderers/contract.js'
import type { Follow } from './render-follow.js'

export interface Envelope<T> { id: number; task: T; dataJson?: string; follow?: Follow }

/** `dataJson`: JSON text whose parse is `task.data`, or undefined to post the data itself. */
export function envelopeFor<T extends RenderTask>(id: number, task: T, dataJson?: string, follow?: Follow): Envelope<T> {
  const envelope: Envelope<T> = dataJson === undefined ? { id, task } : { id, task: { ...task, data: undefined }, dataJson }
  if (follow) envelope.follow = follow
  return envelope
}

/** The task the pool meant: its data parsed from the text when it came as text. */
export function taskOf<T extends RenderTask>(envelope: Envelope<T>): T {
  return envelope.dataJson === undefined ? envelope.task : { ...envelope.task, data: JSON.parse(envelope.dataJson) as unknown }
}
