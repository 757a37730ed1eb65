// The value and selector caches (css-tokens.ts, parse-selector.ts) keep a copy of their key, not a view into the
// document it was cut from: a cached value used to keep the whole rendered HTML alive (detached-string.ts).
// Twenty documents of 1 MB each leave one value and one selector each in the caches; then the heap is collected.
import t from 'tap'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { tokenize } from '../../../renderers/document/css-tokens.js'
import { parseSelectorList } from '../../../renderers/document/parse-selector.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
setFlagsFromString('--no-expose-gc')

/** MB the heap keeps after `cache` has seen a 40-character cut of each of 20 fresh 1 MB documents. */
function keptMb(cache: (text: string) => unknown, cut: (n: number) => string): number {
  gc()
  const before = process.memoryUsage().heapUsed
  for (let n = 0; n < 20; n++) {
    const document = `${cut(n)} ${'x'.repeat(2 ** 20)}${n}`.slice(0)
    const text = document.slice(0, document.indexOf(' '))
    cache(text)
  }
  gc()
  return (process.memoryUsage().heapUsed - before) / 2 ** 20
}

t.test('a cached value does not keep its document', async (t) => {
  const kept = keptMb(tokenize, (n) => `linear-gradient(red,blue${n})`)
  t.ok(kept < 5, `${kept.toFixed(1)} MB kept for 20 values`)
})

t.test('a cached selector does not keep its stylesheet', async (t) => {
  const kept = keptMb(parseSelectorList, (n) => `.invoice-table>tbody>tr.row-${n}`)
  t.ok(kept < 5, `${kept.toFixed(1)} MB kept for 20 selectors`)
})
