import t from 'tap'
import { ByteBoundedCache } from '../../../renderers/layout/byte-bounded-cache.js'

t.test('the least recently used entries leave first once the bytes exceed the bound', async (t) => {
  const cache = new ByteBoundedCache<string>(100)
  cache.remember('a', 'A', 25)
  cache.remember('b', 'B', 25)
  cache.remember('c', 'C', 25)
  t.equal(cache.get('a'), 'A', 'reading a makes it the most recently used')
  cache.remember('d', 'D', 25)
  cache.remember('e', 'E', 25)
  t.equal(cache.bytes, 100)
  t.equal(cache.get('b'), undefined, 'b, the least recently used, left')
  t.same(['a', 'c', 'd', 'e'].map((k) => cache.get(k)), ['A', 'C', 'D', 'E'])
})

t.test('an entry over a quarter of the bound is not kept, and a key is kept once', async (t) => {
  const cache = new ByteBoundedCache<string>(100)
  cache.remember('big', 'X', 26)
  t.equal(cache.size, 0)
  cache.remember('a', 'first', 10)
  cache.remember('a', 'second', 10)
  t.equal(cache.get('a'), 'first')
  t.equal(cache.bytes, 10)
  cache.clear()
  t.equal(cache.size, 0)
  t.equal(cache.bytes, 0)
})

t.test('a cache may keep entries up to a bound of its own, and deleting a key gives its bytes back', async (t) => {
  const cache = new ByteBoundedCache<string>(100, 60)
  cache.remember('big', 'X', 60)
  t.equal(cache.get('big'), 'X', 'an entry of 60 is kept under a bound of 60')
  cache.remember('bigger', 'Y', 61)
  t.equal(cache.get('bigger'), undefined, 'one of 61 is not')
  cache.remember('a', 'A', 30)
  cache.delete('big')
  cache.delete('missing')
  t.equal(cache.bytes, 30)
  t.equal(cache.get('big'), undefined)
  t.equal(cache.get('a'), 'A')
})
