import t from 'tap'
import { SignInThrottle } from '../../../src/web/sign-in-throttle.js'

const rule = { maxFailures: 3, windowMs: 60_000, lockMs: 1_000, maxLockMs: 4_000 }

t.test('maxFailures attempts per window reach the check; the next locks the key, doubling up to the cap', async (t) => {
  const throttle = new SignInThrottle(rule)
  let now = 0
  for (let i = 0; i < 3; i++) t.equal(throttle.reserve('a', now), 0, `attempt ${i + 1} may go ahead`)
  t.equal(throttle.reserve('a', now), 1_000, 'the fourth is refused: locked for lockMs')
  t.equal(throttle.reserve('a', now + 500), 500, 'still locked, nothing counted')
  t.equal(throttle.reserve('b', now), 0, 'other keys are not affected')
  now = 1_000
  for (let i = 0; i < 3; i++) t.equal(throttle.reserve('a', now), 0)
  t.equal(throttle.reserve('a', now), 2_000, 'the next lock is twice as long')
  now = 3_000
  for (let i = 0; i < 4; i++) throttle.reserve('a', now)
  now = 7_000
  for (let i = 0; i < 3; i++) throttle.reserve('a', now)
  t.equal(throttle.reserve('a', now), 4_000, 'capped at maxLockMs')
})

t.test('attempts spread beyond the window do not add up; a release gives one back; success clears', async (t) => {
  const throttle = new SignInThrottle(rule)
  throttle.reserve('a', 0)
  throttle.reserve('a', 10_000)
  t.equal(throttle.reserve('a', 70_001), 0, 'the window restarted')
  throttle.reserve('a', 70_002)
  throttle.reserve('a', 70_003)
  throttle.release('a')
  t.equal(throttle.reserve('a', 70_004), 0, 'a released attempt does not count')
  t.equal(throttle.reserve('a', 70_005), 1_000, 'three counted: the next is refused')
  throttle.recordSuccess('a')
  t.equal(throttle.reserve('a', 70_006), 0, 'success forgets everything')
})

t.test('an earlier lock is forgiven after a quiet window', async (t) => {
  const throttle = new SignInThrottle(rule)
  for (let i = 0; i < 4; i++) throttle.reserve('a', 0)
  for (let i = 0; i < 3; i++) throttle.reserve('a', 200_000)
  t.equal(throttle.reserve('a', 200_000), 1_000, 'back to the first lock length')
})

t.test('rejects a nonsensical rule', async (t) => {
  t.throws(() => new SignInThrottle({ ...rule, maxFailures: 0 }))
  t.throws(() => new SignInThrottle({ ...rule, maxLockMs: 10 }))
})
