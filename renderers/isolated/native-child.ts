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

process.on('message', (message: NativeRequest) => {
  run(message.task).then(
    (reply) => process.send!({ id: message.id, reply } satisfies NativeResponse),
    (error: unknown) => process.send!({ id: message.id, reply: { ok: false, message: error instanceof Error ? error.message : String(error) } } satisfies NativeResponse),
  )
})
