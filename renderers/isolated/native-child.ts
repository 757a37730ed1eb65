// The native helper process (started by native-process.ts): runs resvg and librsvg (through sharp) for a
// render worker, so that a panic aborts only this process and native work still running when the render's
// time is up dies with it. It exits as soon as its worker goes (the IPC channel closes when the worker
// thread ends, terminated at RENDER_TIMEOUT_MS or not), and the work runs on this process's own libuv
// threads (resvg's renderAsync, sharp), so the service's thread pool — static files, sign-in's scrypt,
// result files — never waits for it.
import { renderAsync } from '@resvg/resvg-js'
import sharp from 'sharp'
import type { NativeReply, NativeRequest, NativeResponse, NativeTask } from './native-task.js'

sharp.cache(false)

// SIGKILL, not process.exit(): exit waits for the native work still running on this process's threads (libvips
// joins them at shutdown), so a helper left with a 1e9 blur kept burning CPU after its worker had gone.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'))

async function run(task: NativeTask): Promise<NativeReply> {
  if (task.op === 'resvg') {
    const image = await renderAsync(task.svg, {
      fitTo: { mode: 'zoom', value: task.scale },
      background: task.background,
      font: { fontFiles: [], loadSystemFonts: false, defaultFontFamily: task.defaultFontFamily },
      logLevel: 'off',
    })
    return { ok: true, pixels: image.pixels, width: image.width, height: image.height }
  }
  const png = await sharp(Buffer.from(task.svg.buffer, task.svg.byteOffset, task.svg.byteLength), { density: task.density, limitInputPixels: task.limitInputPixels }).png().toBuffer()
  return { ok: true, png }
}

/**
 * resvg-js frees a page's pixmap, and the copy of its pixels, only when V8 collects the objects that hold them,
 * and V8 does not know the pixmap's size: in this small heap the collection that lets them go came after many
 * pages (a helper held 140 MB over the corpus, bench/corpus-memory.ts). The pixmap outlives a minor collection,
 * so a full one lets them go (the helper starts with --expose-gc, native-process.ts); the pixmap, made on the
 * libuv thread, is handed back by resvg's allocator when that thread draws again. A full collection of this
 * 5 MB heap costs 3–9 ms of CPU, so it comes once COLLECT_AFTER_PIXEL_BYTES of pixels have been sent, not after
 * every page: an 800×1200 page is 3.7 MB, a 3000×3000 one 34 MB. Over the corpus a full collection every 16 MB
 * alone left the two helpers at 258 MB (264–266 without), a minor one after each page alone at 205 MB.
 */
const COLLECT_AFTER_PIXEL_BYTES = 16 * 2 ** 20
let pixelBytesSent = 0

/** Called once a reply of `bytes` of pixels has been written to the channel (its copy for the pipe is gone too). */
function releasePages(bytes: number): void {
  if (bytes === 0) return
  pixelBytesSent += bytes
  // In between, a minor collection (well under a millisecond) lets the pixels' copy go.
  if (pixelBytesSent < COLLECT_AFTER_PIXEL_BYTES) return globalThis.gc?.({ type: 'minor' })
  pixelBytesSent = 0
  globalThis.gc?.()
}

process.on('message', (message: NativeRequest) => {
  run(message.task).then(
    (reply) => {
      const pixelBytes = 'pixels' in reply ? reply.pixels.byteLength : 0
      process.send!({ id: message.id, reply } satisfies NativeResponse, undefined, undefined, () => setImmediate(releasePages, pixelBytes))
    },
    (error: unknown) => process.send!({ id: message.id, reply: { ok: false, message: error instanceof Error ? error.message : String(error) } } satisfies NativeResponse),
  )
})
