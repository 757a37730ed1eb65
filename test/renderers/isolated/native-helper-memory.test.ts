// The native helper stays near its size as it renders page after page: resvg-js keeps memory the size of its
// last pixmaps on each thread it has rendered on (resvg-js issue #216), and the helper renders on one libuv
// thread (native-process.ts). Twenty 1500×1500 pages (9 MB of pixels each) one after another must leave its RSS
// less than 40 MB above where it was after one. RSS also rises and falls by some 20 MB with the helper's own
// garbage between collections, so the lowest of the last ten pages' figures is compared: 21 MB more
// measured, 67–76 MB more with libuv's four threads (each keeps its pixmaps).
import t from 'tap'
import { readFileSync } from 'node:fs'
import { nativeHelperPid, runNative } from '../../../renderers/isolated/native-process.js'

const page = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1500"><rect x="10" y="10" width="1480" height="1480" fill="#c33"/></svg>`
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

t.test('twenty big pages in a row leave the helper near its size after one', { skip: process.platform !== 'linux' && 'reads /proc' }, async (t) => {
  const task = { op: 'resvg' as const, svg: page, scale: 1, background: '#ffffff', defaultFontFamily: 'serif' }
  await runNative(task, 'resvg (test)')
  const pid = nativeHelperPid()!
  const afterOne = rssMb(pid)
  const lastTen: number[] = []
  for (let i = 0; i < 20; i++) {
    await runNative(task, 'resvg (test)')
    if (i >= 10) lastTen.push(rssMb(pid))
  }
  t.equal(nativeHelperPid(), pid, 'the same helper')
  const afterTwenty = Math.min(...lastTen)
  t.ok(afterTwenty < afterOne + 40, `RSS ${afterOne.toFixed(0)} MB after one page, ${afterTwenty.toFixed(0)} MB after twenty more (lowest of the last ten; less than 40 MB more)`)
})
