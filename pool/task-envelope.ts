// What the pool posts to a worker for one render: the task, and the id the worker reports when it starts it.
// A template render's data usually is the request's JSON body as sent: then the body's text goes instead of
// the parsed object, and the worker parses it. Posting a string copies its characters; posting the object
// made the main thread walk and serialise every member (the bench invoice's 4 KB of data: 42–56 µs against
// 16–18 µs for the same task with the text, v8.serialize), and the worker rebuild them (46–64 µs, against
// 20–28 µs for JSON.parse). The worker's data is the same: JSON.parse of the text the main thread parsed.
import type { RenderTask } from '../renderers/contract.js'

export interface Envelope<T> { id: number; task: T; dataJson?: string }

/** `dataJson`: JSON text whose parse is `task.data`, or undefined to post the data itself. */
export function envelopeFor<T extends RenderTask>(id: number, task: T, dataJson?: string): Envelope<T> {
  return dataJson === undefined ? { id, task } : { id, task: { ...task, data: undefined }, dataJson }
}

/** The task the pool meant: its data parsed from the text when it came as text. */
export function taskOf<T extends RenderTask>(envelope: Envelope<T>): T {
  return envelope.dataJson === undefined ? envelope.task : { ...envelope.task, data: JSON.parse(envelope.dataJson) as unknown }
}
