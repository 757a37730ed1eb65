import t from 'tap'
import { fitted } from '../../renderers/fitted-array.js'

t.test('a short array comes back as an exact copy, a long or empty one as itself', async (t) => {
  const short: number[] = []
  short.push(1, 2)
  const copy = fitted(short)
  t.same(copy, [1, 2])
  t.not(copy, short, 'a new array (its store is as long as its elements)')
  const long = Array.from({ length: 9 }, (_, i) => i)
  t.equal(fitted(long), long)
  const empty: string[] = []
  t.equal(fitted(empty), empty)
})
