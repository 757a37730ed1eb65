// The two parts of bench/worker-memory.ts that read memory: the mapping kinds of /proc/PID/smaps and the
// heap-snapshot summary.
import t from 'tap'
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { residentByMapping } from '../../bench/process-mappings.mjs'
import { largestRetainers, liveHeapSummary } from '../../bench/heap-snapshot-summary.js'

t.test('resident memory by mapping names V8 heap pages and the node binary, largest first', async (t) => {
  const kinds = residentByMapping()
  t.ok(kinds.some((k) => k.what === 'V8 heap pages (256 KB mappings)' && k.mb > 1), 'V8 pages counted')
  t.ok(kinds.some((k) => k.what === 'file node' && k.mb > 1), 'the node binary counted as a file')
  t.same(kinds.map((k) => k.mb), [...kinds.map((k) => k.mb)].sort((a, b) => b - a), 'sorted by size')
  t.ok(kinds.every((k) => k.mb >= 0.5), 'nothing under 0.5 MB')
})

t.test('the heap summary sums the live heap and names a large string by what holds it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-heap-summary-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // A bare worker's heap (a few MB, where this test process's is tens) with one flat 300 KB string in it.
  const file = join(dir, 'heap.heapsnapshot')
  const worker = new Worker(`const { writeHeapSnapshot } = require('node:v8')
    globalThis.holder = { bigText: Buffer.alloc(300000, 'q').toString('latin1') }
    writeHeapSnapshot(${JSON.stringify(file)})`, { eval: true })
  await once(worker, 'exit')
  const summary = liveHeapSummary(JSON.parse(readFileSync(file, 'utf8')))
  t.match(summary, /^ {2}live heap \d+\.\d\d MB: /, 'a total first')
  t.match(summary, /\n {4}0\.29 MB string held by Object\.bigText/, 'the 300 KB string, held by the property it is in')
})

t.test('the retainers name the variable whose value keeps memory alive, with its retained MB', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-heap-retainers-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'heap.heapsnapshot')
  // 2 MB of strings under one module-level Map, held by nothing else.
  const worker = new Worker(`const { writeHeapSnapshot } = require('node:v8')
    const keptByMap = new Map()
    for (let i = 0; i < 4; i++) keptByMap.set(i, Buffer.alloc(500000, 97 + i).toString('latin1'))
    writeHeapSnapshot(${JSON.stringify(file)})
    keptByMap.clear()`, { eval: true })
  await once(worker, 'exit')
  const lines = largestRetainers(JSON.parse(readFileSync(file, 'utf8'))).split('\n')
  t.match(lines[0], /^ {4}\d+\.\d\d MB retained by keptByMap \(object Map\)$/, 'the Map first')
  // Four strings of 0.48 MB; one may still be held by the stack as well, and then the Map does not dominate it.
  const mb = Number(lines[0]!.trim().split(' ')[0])
  t.ok(mb > 1.4 && mb < 2, `with its strings: ${mb} MB`)
})
