// Workers starting together each turn V8's process-wide --expose-gc on for a moment to get the gc extension:
// one could turn it off before another made its context, and that worker's first render failed with "gc is not
// defined" (render-pool.test.ts met it in CI). Eight workers at a time, fifteen times: every one scavenges.
import t from 'tap'
import { Worker } from 'node:worker_threads'

const moduleUrl = new URL('../../pool/empty-nursery.ts', import.meta.url).href

t.test('workers started together each get the gc extension', async (t) => {
  const codes: number[] = []
  for (let round = 0; round < 15; round++) {
    codes.push(...await Promise.all(Array.from({ length: 8 }, () => new Promise<number>((resolve) => {
      // Node 20 does not carry tsx's loader into worker threads: each registers it (as pool/worker-from-source.js).
      const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}) })
        .then((m) => { try { m.scavenge(); process.exit(0) } catch { process.exit(3) } })`
      const worker = new Worker(code, { eval: true })
      worker.on('exit', resolve)
    }))))
  }
  t.equal(codes.filter((c) => c !== 0).length, 0, `${codes.length} workers, none without the gc extension`)
})
