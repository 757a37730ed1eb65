// Development entry for the render workers when Quire runs from its TypeScript sources (tests, benches,
// `node --import tsx`): Node 20 does not carry tsx's loader into worker threads, so each worker
// registers it itself, then loads worker.ts. Built installs use dist/pool/worker.js directly.
import { register } from 'tsx/esm/api'

register()
const worker = import('./worker.ts')

export const pdf = worker.then((m) => m.pdf)
export const image = worker.then((m) => m.image)
export const clips = worker.then((m) => m.clips)
export const txt = worker.then((m) => m.txt)
export const docx = worker.then((m) => m.docx)
export const ping = worker.then((m) => m.ping)
export const warmUp = worker.then((m) => m.warmUp)
