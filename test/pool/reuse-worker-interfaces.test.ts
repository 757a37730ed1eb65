// pool/reuse-worker-interfaces.ts: piscina's per-worker interface object is made once per worker instead of
// once per task placed, and still reads the worker's live state.
import t from 'tap'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Piscina } from 'piscina'
import { reuseWorkerInterfaces } from '../../pool/reuse-worker-interfaces.js'

t.test('a worker answers with the same interface object, whose getters stay live', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-worker-interface-'))
  const file = join(dir, 'echo.mjs')
  writeFileSync(file, 'export default (x) => x\n')
  const pool = new Piscina({ filename: pathToFileURL(file).href, minThreads: 1, maxThreads: 1 })
  t.teardown(async () => {
    await pool.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  const [created] = await once(pool, 'workerCreate') as [Record<string | symbol, unknown>]
  const workerData = Object.getOwnPropertySymbols(created).find((s) => s.description === 'Piscina.kWorkerData')!
  const worker = created[workerData] as { interface: Record<string, unknown> }
  t.not(worker.interface, worker.interface, 'piscina alone makes a new object on every read')

  reuseWorkerInterfaces(created)
  const first = worker.interface
  t.equal(worker.interface, first, 'the same object on every read')
  t.equal(first.id, pool.threads[0]!.threadId, 'its getters read the worker')
  t.equal(first.destroyed, false)
  t.same(await pool.run({ n: 1 }), { n: 1 }, 'tasks still run')
  t.equal(worker.interface, first)
})
