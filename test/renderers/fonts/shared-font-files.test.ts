// Quire's font files are read once per process and their bytes shared by the render workers
// (renderers/fonts/shared-font-files.ts): a second worker parses the bytes the first one read, not the file.
import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { ALL_FACES } from '../../../renderers/fonts/index.js'
import { shareFontFiles } from '../../../renderers/fonts/shared-font-files.js'

const module = (name: string) => new URL(`../../../renderers/fonts/${name}`, import.meta.url).href

/** In a new worker thread: for each path, whether it got shared bytes, and their first character. */
async function inWorker(paths: string[]): Promise<{ files: ({ shared: boolean; first: string } | null)[]; bundledShared: boolean }> {
  const code = `
    import { parentPort, workerData } from 'node:worker_threads'
    import { register } from 'tsx/esm/api'
    register()
    const { sharedFontFile } = await import(${JSON.stringify(module('shared-font-files.ts'))})
    const { ALL_FACES, fontBytes } = await import(${JSON.stringify(module('index.ts'))})
    const files = workerData.map((path) => {
      const bytes = sharedFontFile(path)
      return bytes && { shared: bytes.buffer instanceof SharedArrayBuffer, first: String.fromCharCode(bytes[0]) }
    })
    parentPort.postMessage({ files, bundledShared: fontBytes(ALL_FACES[0]).buffer instanceof SharedArrayBuffer })
  `
  const worker = new Worker(code, { eval: true, workerData: paths })
  try {
    return await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject) })
  } finally {
    await worker.terminate()
  }
}

t.test('workers share one read of each font file; files not shared, or changed in size, are left to fontBytes', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-shared-fonts-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const [a, b, notShared, missing] = ['a.ttf', 'b.ttf', 'c.ttf', 'missing.ttf'].map((name) => join(dir, name))
  writeFileSync(a!, 'A'.repeat(300_000))
  writeFileSync(b!, 'B'.repeat(1000))
  writeFileSync(notShared!, 'C')
  shareFontFiles([a!, a!, b!, missing!, ALL_FACES[0]!.path])

  const first = await inWorker([a!])
  t.same(first.files, [{ shared: true, first: 'A' }], 'the first worker reads the file into the shared buffer')
  t.ok(first.bundledShared, 'fontBytes gives a bundled face its shared bytes')

  // Same size, other bytes: a second read of the file would see them.
  writeFileSync(a!, 'Z'.repeat(300_000))
  writeFileSync(b!, 'B'.repeat(999))
  const second = await inWorker([a!, b!, notShared!, missing!])
  t.same(second.files[0], { shared: true, first: 'A' }, 'the second worker gets the bytes the first one read')
  t.equal(second.files[1], null, 'a file whose size changed since it was shared is not given out')
  t.equal(second.files[2], null, 'a path that was not shared')
  t.equal(second.files[3], null, 'a file missing when the pool started')

  shareFontFiles([notShared!])
  t.same((await inWorker([notShared!, a!])).files, [null, { shared: true, first: 'A' }], 'sharing again in the same process changes nothing')
})
