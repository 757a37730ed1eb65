// A big page leaves the native helper once it is sent: resvg-js frees a pixmap only when V8 collects the object
// that holds it, and nothing in the helper's small heap asked for a collection. A 3000×3000 page (34 MB of
// pixels, and as much again for their copy) left the helper 69–70 MB larger after the next, small page (96 →
// 167 MB); with a full collection once 16 MB of pixels have been sent, 35–36 MB (the pixmap, which resvg's allocator
// hands back when its thread next draws), native-child.ts.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { nativeHelperPid, runNative } from '../../../renderers/isolated/native-process.js'

const page = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect x="10" y="10" width="${size - 20}" height="${size - 20}" fill="#36c"/></svg>`
const task = (size: number) => ({ op: 'resvg' as const, svg: page(size), scale: 1, background: '#ffffff', defaultFontFamily: 'serif' })
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
const settled = () => new Promise((resolve) => setTimeout(resolve, 200))

t.test('a 3000×3000 page is let go once the helper has sent it', { skip: process.platform !== 'linux' && 'reads /proc' }, async (t) => {
  await runNative(task(100), 'resvg (test)')
  const pid = nativeHelperPid()!
  await settled()
  const before = rssMb(pid)
  const big = await runNative(task(3000), 'resvg (test)')
  t.match(big, { width: 3000, height: 3000 }, 'the big page is drawn')
  // The next page, a small one, runs on the same thread after the big one's memory was handed back.
  await runNative(task(100), 'resvg (test)')
  await settled()
  t.equal(nativeHelperPid(), pid, 'the same helper')
  const after = rssMb(pid)
  t.ok(after < before + 50, `RSS ${before.toFixed(0)} MB before the big page, ${after.toFixed(0)} MB after it and a small one (less than 50 MB more: its pixels, 34 MB, and their copy are not both kept)`)
})
