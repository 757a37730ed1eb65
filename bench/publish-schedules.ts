// What the publish-schedule timer costs a node (docs/templateto.md): a tick with nothing due, and one that
// publishes many schedules at once, on a SQLite store of 1,000 templates, 500 of them scheduled.
// Run: node --import tsx bench/publish-schedules.ts
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../src/store/index.js'

const dir = mkdtempSync(join(tmpdir(), 'quire-schedules-'))
const store = await openStore(dir)
try {
  const account = await store.accounts.ensure(`bench-${Date.now()}`)
  const at = new Date('2099-01-01T00:00:00Z')
  for (let i = 0; i < 1000; i++) {
    const tpl = await store.templates.create(account.id, { name: `T${i}`, html: 'x' })
    const version = await store.templates.createVersion(account.id, tpl.id)
    if (i % 2 === 0) await store.templates.schedule(account.id, tpl.id, version!.id, at)
  }
  const ticks = 50
  let start = performance.now()
  for (let i = 0; i < ticks; i++) await store.templates.applyDueSchedules(new Date(at.getTime() - 1))
  console.log(`tick with nothing due: ${((performance.now() - start) / ticks).toFixed(2)} ms (mean of ${ticks})`)
  start = performance.now()
  const published = await store.templates.applyDueSchedules(at)
  console.log(`tick publishing ${published} schedules: ${(performance.now() - start).toFixed(1)} ms`)
} finally {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
}
