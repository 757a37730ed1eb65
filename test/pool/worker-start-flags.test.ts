// A render worker loads its modules with V8's default flags, so Node's compiled built-ins are used
// (pool/worker-start-flags.ts), and renders with the service's flags. V8's cachedDataVersionTag() is the
// hash that compiled code is checked against: it must equal plain Node's while the worker loads, and the
// service's once the worker has restored the flags.
import t from 'tap'
import { execFileSync } from 'node:child_process'

// bin/quire.js's flags (its first line).
const SERVICE_FLAGS = ['--max-semi-space-size=2', '--single-threaded-gc', '--no-concurrent-recompilation', '--heap-growing-percent=30', '--no-sparkplug']

const script = `
  import { Worker } from 'node:worker_threads'
  import v8 from 'node:v8'
  import { setWorkerHeapFlags } from './pool/worker-heap-flags.ts'
  import { resetRuntimeFlagsForWorkerStart } from './pool/worker-start-flags.ts'
  setWorkerHeapFlags()
  const service = v8.cachedDataVersionTag()
  resetRuntimeFlagsForWorkerStart()
  const code = "import v8 from 'node:v8'; import { parentPort } from 'node:worker_threads'; import { register } from 'tsx/esm/api';" +
    "const atLoad = v8.cachedDataVersionTag(); register();" +
    "const { restoreRuntimeFlags } = await import('" + new URL('./pool/worker-start-flags.ts', 'file://' + process.cwd() + '/').href + "');" +
    "restoreRuntimeFlags(); parentPort.postMessage({ atLoad, restored: v8.cachedDataVersionTag() })"
  const worker = new Worker(code, { eval: true })
  const tags = await new Promise((resolve) => worker.once('message', resolve))
  await worker.terminate()
  console.log(JSON.stringify({ service, ...tags, main: v8.cachedDataVersionTag() }))
`

t.test('a worker loads with the built-in code cache usable and renders with the service flags', async (t) => {
  const plain = Number(execFileSync(process.execPath, ['-p', 'require("node:v8").cachedDataVersionTag()'], { encoding: 'utf8' }))
  const tags = JSON.parse(execFileSync(process.execPath, [...SERVICE_FLAGS, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }))
  t.not(tags.service, plain, 'the service flags change the hash (the reason for the reset)')
  t.equal(tags.atLoad, plain, 'while the worker loads its modules, the flags hash as plain Node')
  t.equal(tags.restored, tags.service, 'before its first render the worker has the service flags again')
  t.equal(tags.main, tags.service, 'and so has the main thread')
})
