// Small renders use only the first TOUCHED_NURSERY_BYTES of a large nursery (pool/empty-nursery.ts): the pages
// past it are never touched, so they are not resident. A worker with the pool's 32 MB young generation first
// grows its nursery to the full size (objects that survive), then runs 60 renders of ~2 MB of garbage each
// through withNurseryRoom and reports the most of the nursery in use at the end of any of them after the third.
import t from 'tap'
import { execFileSync } from 'node:child_process'

const script = `
  import { Worker } from 'node:worker_threads'
  const code = \`
    import { parentPort } from 'node:worker_threads'
    import { getHeapSpaceStatistics } from 'node:v8'
    import { register } from 'tsx/esm/api'
    register()
    {
      const { withNurseryRoom, TOUCHED_NURSERY_BYTES } = await import('file://' + process.cwd() + '/pool/empty-nursery.ts')
      const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')
      let keep = []
      for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 60000) keep = [] }
      keep = null
      const capacity = newSpace().space_used_size + newSpace().space_available_size
      let mostUsed = 0
      for (let r = 0; r < 60; r++) {
        await withNurseryRoom(async () => {
          let garbage = []
          for (let i = 0; i < 40000; i++) garbage.push({ i, text: 'row ' + i })
          garbage = null
          // The first renders start from what the growing phase left in the nursery.
          if (r >= 3) mostUsed = Math.max(mostUsed, newSpace().space_used_size)
        })
      }
      parentPort.postMessage({ capacity, mostUsed, touched: TOUCHED_NURSERY_BYTES })
    }
  \`
  const worker = new Worker(code, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 32 } })
  console.log(JSON.stringify(await new Promise((resolve) => worker.once('message', resolve))))
  await worker.terminate()
`
const result = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }).trim().split('\n').at(-1)!)
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

t.test('the nursery has grown past what small renders may use', async (t) => {
  t.ok(result.capacity > 1.5 * result.touched, `capacity ${mb(result.capacity)} MB, limit ${mb(result.touched)} MB`)
})

t.test('renders of ~2 MB each never fill more than the limit, however big the nursery', async (t) => {
  t.ok(result.mostUsed <= result.touched, `at most ${mb(result.mostUsed)} MB used at the end of a render (limit ${mb(result.touched)} MB)`)
  t.ok(result.mostUsed > result.touched / 2, `the limit is used: ${mb(result.mostUsed)} MB`)
})
