// pool/time-limit-signal.ts: the time limit's signal in piscina's EventEmitter form.
import t from 'tap'
import { TimeLimitSignal } from '../../pool/time-limit-signal.js'

t.test('abort sets aborted and reason and tells its listeners once', async (t) => {
  const signal = new TimeLimitSignal()
  let calls = 0
  signal.once('abort', () => { calls++ })
  t.equal(signal.aborted, false)
  const reason = new Error('render time limit')
  signal.abort(reason)
  signal.abort(new Error('again'))
  t.equal(signal.aborted, true)
  t.equal(signal.reason, reason, 'the first reason stays')
  t.equal(calls, 1)
})

t.test('a listener removed before the limit is not called', async (t) => {
  const signal = new TimeLimitSignal()
  let called = false
  const listener = () => { called = true }
  signal.once('abort', listener)
  signal.removeListener('abort', listener)
  signal.abort(new Error('late'))
  t.equal(called, false)
})
