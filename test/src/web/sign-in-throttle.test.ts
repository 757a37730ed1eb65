import t from 'tap'
import { SignInThrottle } from '../../../src/web/sign-in-throttle.js'

const rule = { maxFailures: 3, windowMs: 60_000, lockMs: 1_000, maxLockMs: 4_000 }

t.test('locks after maxFailures within the window, doubling up to the cap', async (t) => {
  const throttle = new SignInThrottle(rule)
  let now = 0
  for (let i = 0; i < 2; i++) throttle.recordFailure('a', now)
  t.equal(throttle.retryAfterMs('a', now), 0, 'two failures: still allowed')
  throttle.recordFailure('a', now)
  t.equal(throttle.retryAfterMs('a', now), 1_000, 'third failure: locked for lockMs')
  t.equal(throttle.retryAfterMs('b', now), 0, 'other keys are not affected')
  now = 1_000
  t.equal(throttle.retryAfterMs('a', now), 0, 'the lock ends')
  for (let i = 0; i < 3; i++) throttle.recordFailure('a', now)
  t.equal(throttle.retryAfterMs('a', now), 2_000, 'the next lock is twice as long')
  now = 3_000
  for (let i = 0; i < 3; i++) throttle.recordFailure('a', now)
  now = 7_000
  for (let i = 0; i < 3; i++) throttle.recordFailure('a', now)
  t.equal(throttle.retryAfterMs('a', now), 4_000, 'capped at maxLockMs')
})

t.test('failures spread beyond the window do not add up; success clears', async (t) => {
  const throttle = new SignInThrottle(rule)
  throttle.recordFailure('a', 0)
  throttle.recordFailure('a', 10_000)
  throttle.recordFailure('a', 70_001)
  t.equal(throttle.retryAfterMs('a', 70_001), 0, 'the first failure fell out of the window')
  throttle.recordFailure('a', 70_002)
  throttle.recordSuccess('a')
  throttle.recordFailure('a', 70_003)
  t.equal(throttle.retryAfterMs('a', 70_003), 0)
})

t.test('an earlier lock is forgiven after a quiet window', async (t) => {
  const throttle = new SignInThrottle(rule)
  for (let i = 0; i < 3; i++) throttle.recordFailure('a', 0)
  for (let i = 0; i < 3; i++) throttle.recordFailure('a', 200_000)
  t.equal(throttle.retryAfterMs('a', 200_000), 1_000, 'back to the first lock length')
})

t.test('rejects a nonsensical rule', async (t) => {
  t.throws(() => new SignInThrottle({ ...rule, maxFailures: 0 }))
  t.throws(() => new SignInThrottle({ ...rule, maxLockMs: 10 }))
})
