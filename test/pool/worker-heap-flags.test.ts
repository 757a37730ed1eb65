// RENDER_WORKER_YOUNG_MB reaches the workers even though bin/quire.js starts Node with --max-semi-space-size=2
// (which V8 applies to every isolate, workers included, over their own resourceLimits).
import t from 'tap'
import { execFileSync } from 'node:child_process'

// A child with the service's flag starts a worker with a 16 MB young generation, lets it allocate, and prints
// the size its new space grew to, and the main thread's.
const script = (release: boolean) => `
  import { Worker } from 'node:worker_threads'
  import v8 from 'node:v8'
  import { releaseWorkerNurseryCap } from './pool/worker-heap-flags.ts'
  const newSpaceMb = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20
  ${release ? 'releaseWorkerNurseryCap()' : ''}
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
