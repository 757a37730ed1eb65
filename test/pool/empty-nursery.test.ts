// A render worker empties its nursery between renders (pool/empty-nursery.ts), so a render that allocates no
// more than the one before is never scavenged in the middle, where a scavenge copies the half-built render.
// A child process starts a worker as the pool does (the service's flags, a 16 MB young generation), renders
// an invoice 60 times with and 60 times without withNurseryRoom, and reports when each scavenge started
// against when each render ran.
import t from 'tap'
import { execFileSync } from 'node:child_process'

const script = `
  import { Worker } from 'node:worker_threads'
  import { setWorkerHeapFlags } from './pool/worker-heap-flags.ts'
  setWorkerHeapFlags()
  const code = \`
    import { parentPort } from 'node:worker_threads'
    import { PerformanceObserver } from 'node:perf_hooks'
    import { runInNewContext } from 'node:vm'
    import { register } from 'tsx/esm/api'
    register()
    {
      const { renderPdf } = await import('file://' + process.cwd() + '/renderers/render.ts')
      const { WARM_UP_PDF } = await import('file://' + process.cwd() + '/pool/warm-up-task.ts')
      const { withNurseryRoom } = await import('file://' + process.cwd() + '/pool/empty-nursery.ts')
      const rows = Array.from({ length: 40 }, (_, i) => '<tr><td>SKU-' + i + '</td><td>Consulting service, item ' + i + '</td><td>' + (i % 7 + 1) + '</td><td>' + (12.5 + i * 3.25) + '</td></tr>').join('')
      const html = '<style>table { width: 100%; border-collapse: collapse } td { border-bottom: 1px solid #ddd; padding: 6px }</style><h1>Invoice</h1><table>' + rows + '</table>'
      const task = { ...WARM_UP_PDF, source: { ...WARM_UP_PDF.source, main: { cacheKey: 'nursery', text: html } } }
      const scavenges = []
      new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.detail.kind === 1) scavenges.push(e.startTime) }).observe({ entryTypes: ['gc'] })
      const count = async (emptied) => {
        const renders = []
        for (let i = 0; i < 60; i++) {
          const one = async () => { const start = performance.now(); await renderPdf(task); renders.push([start, performance.now()]) }
          await (emptied ? withNurseryRoom(one) : one())
        }
        await new Promise((r) => setTimeout(r, 50))
        const [first, last] = [renders[0][0], renders.at(-1)[1]]
        const inRun = scavenges.splice(0).filter((s) => s >= first && s <= last)
        const inside = inRun.filter((s) => renders.some(([a, b]) => s > a && s < b)).length
        return { inside, between: inRun.length - inside }
      }
      for (let i = 0; i < 30; i++) await renderPdf(task)
      const left = await count(false)
      for (let i = 0; i < 10; i++) await withNurseryRoom(() => renderPdf(task))
      const emptied = await count(true)
      parentPort.postMessage({ left, emptied, gcGlobal: typeof globalThis.gc, gcInNewContext: runInNewContext('typeof gc') })
    }
  \`
  const worker = new Worker(code, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 16 } })
  console.log(JSON.stringify(await new Promise((resolve) => worker.once('message', resolve))))
  await worker.terminate()
`
const flags = ['--max-semi-space-size=2', '--single-threaded-gc', '--no-concurrent-recompilation', '--heap-growing-percent=30', '--no-sparkplug']
const result = JSON.parse(execFileSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }).trim().split('\n').at(-1)!)

t.test('left to V8, scavenges fall inside renders', async (t) => {
  t.ok(result.left.inside >= 5, `${result.left.inside} scavenges inside 60 renders, ${result.left.between} between`)
})

t.test('emptied between renders, a render that fits is not scavenged in the middle', async (t) => {
  t.ok(result.emptied.between >= 5, `${result.emptied.between} scavenges between renders`)
  t.ok(result.emptied.inside <= 2, `${result.emptied.inside} inside 60 renders`)
})

t.test('the gc extension is not left on any context', async (t) => {
  t.equal(result.gcGlobal, 'undefined', 'the worker has no gc global')
  t.equal(result.gcInNewContext, 'undefined', 'a context made later has none either')
})
