// RENDER_WORKER_YOUNG_MB reaches the workers even though bin/quire.js starts Node with --max-semi-space-size=2
// (which V8 applies to every isolate, workers included, over their own resourceLimits).
import t from 'tap'
import { PATCHES_ON } from '../../renderers/patches.js'
import { execFileSync } from 'node:child_process'

// A child with the service's flag starts a worker with a 16 MB young generation, lets it allocate, and prints
// the size its new space grew to, and the main thread's.
const script = (release: boolean) => `
  import { Worker } from 'node:worker_threads'
  import v8 from 'node:v8'
  import { setWorkerHeapFlags } from './pool/worker-heap-flags.ts'
  const newSpaceMb = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20
  ${release ? 'setWorkerHeapFlags()' : ''}
  const code = "import v8 from 'node:v8'; import { parentPort } from 'node:worker_threads';" +
    "let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ i }); if (keep.length > 50000) keep = [] }" +
    "parentPort.postMessage(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20)"
  const worker = new Worker(code, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 16 } })
  const workerMb = await new Promise((resolve) => worker.once('message', resolve))
  await worker.terminate()
  let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ i }); if (keep.length > 50000) keep = [] }
  console.log(JSON.stringify({ workerMb, mainMb: newSpaceMb() }))
`
const run = (release: boolean) => JSON.parse(execFileSync(process.execPath, ['--max-semi-space-size=2', '--import', 'tsx', '--input-type=module', '-e', script(release)], { encoding: 'utf8' }))

t.test('without the release, the process flag caps a worker at the main thread\'s nursery', async (t) => {
  const { workerMb, mainMb } = run(false)
  t.equal(workerMb, 4, 'two 2 MB semi-spaces')
  t.equal(mainMb, 4)
})

t.test('released, a worker gets its own young generation and the main thread keeps its small one', async (t) => {
  const { workerMb, mainMb } = run(true)
  t.ok(workerMb > 4, `worker new space ${workerMb} MB`)
  t.equal(mainMb, 4, 'main thread still capped by --max-semi-space-size=2')
})

// A render's boxes and styles live for the whole render, so V8's allocation-site pretenuring learnt to put them
// straight into the old generation, where they outlived the render until a full GC and kept the young objects
// they point to alive through every scavenge: in this test 0.22 MB per render was promoted instead of 0.04 MB.
// The child releases the flags as the pool does, renders 150 invoices in a worker with the pool's nursery under
// --trace-gc-nvp, and the parent sums what the worker's scavenges promoted.
const promotionScript = `
  import { Worker } from 'node:worker_threads'
  import { setWorkerHeapFlags } from './pool/worker-heap-flags.ts'
  setWorkerHeapFlags()
  const code = \`
    import { parentPort } from 'node:worker_threads'
    import { register } from 'tsx/esm/api'
    register()
    {
      const { renderPdf } = await import('file://' + process.cwd() + '/renderers/render.ts')
      const { WARM_UP_PDF } = await import('file://' + process.cwd() + '/pool/warm-up-task.ts')
      const rows = Array.from({ length: 40 }, (_, i) => '<tr><td>SKU-' + i + '</td><td>Consulting service, item ' + i + '</td><td>' + (i % 7 + 1) + '</td><td>' + (12.5 + i * 3.25) + '</td></tr>').join('')
      const html = '<style>table { width: 100%; border-collapse: collapse } td { border-bottom: 1px solid #ddd; padding: 6px }</style><h1>Invoice</h1><table>' + rows + '</table>'
      const task = { ...WARM_UP_PDF, source: { ...WARM_UP_PDF.source, main: { cacheKey: 'promotion', text: html } } }
      for (let i = 0; i < 20; i++) await renderPdf(task)
      console.log('START')
      for (let i = 0; i < 150; i++) await renderPdf(task)
      console.log('END')
      parentPort.postMessage('done')
    }
  \`
  const worker = new Worker(code, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 32 } })
  await new Promise((resolve) => worker.once('message', resolve))
  await worker.terminate()
`

// What the patches gain (pretenuring off, the finished PDF released): nothing to measure with them off.
t.test('a worker promotes little of each render to the old generation', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off' }, async (t) => {
  const out = execFileSync(process.execPath, ['--trace-gc-nvp', '--import', 'tsx', '--input-type=module', '-e', promotionScript], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
  const lines = out.slice(out.indexOf('START'), out.indexOf('END')).split('\n')
  const promoted = lines.reduce((sum, line) => sum + Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0), 0)
  const perRenderMb = promoted / 150 / 2 ** 20
  t.ok(lines.some((line) => line.includes('gc=s')), 'the renders were scavenged')
  t.ok(perRenderMb < 0.1, `${perRenderMb.toFixed(3)} MB promoted per render`)
})
