// The worker side of the render pool: one named export per format. Renderer modules load fonts and keep
// their caches at module scope, so each worker parses fonts once and compiles each template version once.
// Results go back as data (`{ ok, output | error }`), the bytes moved, not copied. A task's data may come as
// JSON text (task-envelope.ts).
// Every format renders through renderers/render.ts. The PDF engine is loaded and warmed with the worker; the
// image, TXT and DOCX painters on their first task (render.ts loadPainter), the image one warmed up then.
import { parentPort } from 'node:worker_threads'
import { PATCHES_ON } from '../renderers/patches.js'
import { move, transferableSymbol, valueSymbol } from 'piscina'
import { RenderError, type ClipsTask, type ImageTask, type PdfTask, type RenderResult, type RenderTask, type TxtTask, type DocxTask } from '../renderers/contract.js'
import { loadPainter, render, renderImage, renderPdf } from '../renderers/render.js'
import { withNurseryRoom } from './empty-nursery.js'
import { followRender } from './render-follow.js'
import { STARTED, WARMED_UP } from './started-message.js'
import { taskOf, type Envelope } from './task-envelope.js'
import { threadCpuMs } from './thread-cpu.js'
import { WARM_UP_IMAGE, WARM_UP_PDF } from './warm-up-task.js'
import { restoreRuntimeFlags } from './worker-start-flags.js'

/** A result whose bytes are transferred to the main thread instead of structured-cloned. */
function movable(result: RenderResult): unknown {
  if (!result.ok) return result
  const { bytes } = result.output
  // Only a buffer that owns its whole ArrayBuffer may be transferred (small Node Buffers share a pool).
  const ownsBuffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  if (!ownsBuffer) return result
  // move() marks the object so piscina transfers bytes.buffer and hands `result` over.
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: result } as unknown as Parameters<typeof move>[0])
}

async function settle<T extends RenderTask>(envelope: Envelope<T>, load?: () => Promise<void>): Promise<unknown> {
  try {
    // The PDF engine's warm-up, and a lazily loaded painter's loading and warm-up, come before the task reports
    // its start, so the render's time limit never pays for them. Once warm, no await (one microtask less).
    if (!warm) await warmedUp()
    if (load) await load()
    parentPort?.postMessage({ [STARTED]: envelope.id })
    // The nursery is emptied between renders, while the render's objects are all garbage (pool/empty-nursery.ts).
    const cpuBefore = threadCpuMs()
    // A followed render reports its pages and may post its file ahead in chunks (render-follow.ts).
    const followed = envelope.follow ? followRender(envelope.id, envelope.follow) : null
    const run = () => render(taskOf(envelope), followed?.hooks)
    const rendered = await (PATCHES_ON ? withNurseryRoom(run) : run())
    const output = followed ? followed.finish(rendered) : rendered
    const cpuAfter = threadCpuMs()
    if (cpuBefore !== null && cpuAfter !== null) output.cpuMs = cpuAfter - cpuBefore
    return movable({ ok: true, output })
  } catch (error) {
    if (error instanceof RenderError) return { ok: false, error: { code: error.code, message: error.message } }
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, error: { code: 'QUIRE_ERR_RENDER_FAILED', message: `The render failed: ${message}` } }
  }
}

/** Runs `load` once (an import and its warm-up, say); later calls share the same promise. */
function once<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: Promise<M> | null = null
  return () => (loaded ??= load())
}

const imageEngine = once(async () => {
  await loadPainter('image')
  await renderImage(WARM_UP_IMAGE)
})
const txtEngine = once(() => loadPainter('txt'))
const docxEngine = once(() => loadPainter('docx'))

// The modules above loaded with V8's default flags (Node's compiled built-ins usable); renders run with the service's.
if (PATCHES_ON) restoreRuntimeFlags()

// The PDF engine warms up (fonts parsed, code compiled: ~0.4 s of CPU) on the pool's call after it has seen
// the worker answer its ping, not while this module loads: piscina counts the worker as started, and the
// service as ready, once its engines are loaded (the warm-up was 0.4 of the 1.1 s until /ready,
// docs/operations.md#start-up-and-memory). A render that comes first starts the warm-up itself and waits for it before
// it starts (settle above), outside its time limit. Done, the worker says so (the pool's `warmedUp`).
let warm = false
const warmedUp = once(async () => {
  await renderPdf(WARM_UP_PDF)
  warm = true
  parentPort?.postMessage({ [WARMED_UP]: true })
})

/** Answers once the worker has loaded its engines (the pool's `ready`). */
export function ping(): boolean {
  return true
}

/** Warms the PDF engine up, once; a failed warm-up fails each render with its message (settle). */
export const warmUp = (): Promise<void> => warmedUp().catch(() => undefined)

export const pdf = (envelope: Envelope<PdfTask>) => settle(envelope)
export const image = (envelope: Envelope<ImageTask>) => settle(envelope, imageEngine)
export const clips = (envelope: Envelope<ClipsTask>) => settle(envelope, imageEngine)
export const txt = (envelope: Envelope<TxtTask>) => settle(envelope, txtEngine)
export const docx = (envelope: Envelope<DocxTask>) => settle(envelope, docxEngine)
