// A real store on a real SQLite file in the test's own directory, closed when the test ends.
import type { Test } from 'tap'
import { openStore, type Store } from '../../../src/store/index.js'

export async function openTestStore(t: Test, dir: string = t.testdir()): Promise<Store> {
  const store = await openStore(dir)
  let closed = false
  t.teardown(async () => {
    if (!closed) await store.close()
  })
  const close = store.close
  return { ...store, close: async () => { closed = true; await close() } }
}
