// Per-render caches are emptied when the last running render ends, never under a render that still runs.
import t from 'tap'
import { inRenderScope, releaseLayoutCaches, renderScopedMap } from '../../../renderers/layout/render-scope.js'

t.test('a render-scoped map is emptied after the render, not during an overlapping one', async (t) => {
  const cache = renderScopedMap<object, string>()
  const key = {}
  let releaseSecond!: () => void
  const second = inRenderScope(() => new Promise<void>((resolve) => { releaseSecond = resolve }))
  await inRenderScope(async () => { cache.set(key, 'laid out') })
  t.equal(cache.get(key), 'laid out', 'kept while another render is still running')
  releaseSecond()
  await second
  t.equal(cache.size, 0, 'emptied once no render runs')
})

t.test('a failing render empties the maps too', async (t) => {
  const cache = renderScopedMap<object, number>()
  await t.rejects(inRenderScope(async () => { cache.set({}, 1); throw new Error('layout failed') }), /layout failed/)
  t.equal(cache.size, 0)
})

t.test('a render lets go of the layout caches before it is painted, unless another render still lays out', async (t) => {
  const cache = renderScopedMap<object, string>()
  await inRenderScope(async () => {
    cache.set({}, 'laid out')
    releaseLayoutCaches()
    t.equal(cache.size, 0, 'emptied for the only render')
  })
  let releaseSecond!: () => void
  const second = inRenderScope(() => new Promise<void>((resolve) => { releaseSecond = resolve }))
  await inRenderScope(async () => {
    cache.set({}, 'laid out')
    releaseLayoutCaches()
    t.equal(cache.size, 1, 'kept while another render runs')
  })
  releaseSecond()
  await second
})
