// Slows down password guessing in the web interface: at most `maxFailures` sign-in attempts for one key (an
// email, or a client address) may reach the password check within `windowMs`; the next one locks that key for
// `lockMs`, doubling with each further lock up to `maxLockMs`. An attempt is reserved — counted as a failure —
// before its password is verified and given back if it succeeds, so concurrent guesses cannot all slip through
// while the first ones are still being verified (60 at once were all verified when the count came after
// scrypt). Kept in memory: a restart forgets, which costs an attacker little because every guess still pays
// for an scrypt verification.

export interface ThrottleRule { maxFailures: number; windowMs: number; lockMs: number; maxLockMs: number }

export interface ThrottleEntry { failures: number; firstFailureAt: number; lockedUntil: number; locks: number }
type Entry = ThrottleEntry

/**
 * One more attempt at `now` (pure: the in-memory and the Redis throttle share it): `waitMs` 0 and the attempt
 * counted, or the milliseconds until the key may try again (a lock, engaged by this attempt if the window's
 * attempts were used up) with nothing counted.
 */
export function reserveAttempt(rule: ThrottleRule, previous: Entry | undefined, now: number): { entry: Entry; waitMs: number } {
  if (previous && previous.lockedUntil > now) return { entry: previous, waitMs: previous.lockedUntil - now }
  const entry: Entry = previous && now - previous.firstFailureAt <= rule.windowMs
    ? { ...previous }
    : {
        failures: 0,
        firstFailureAt: now,
        lockedUntil: previous?.lockedUntil ?? 0,
        // Earlier locks are forgiven once a whole quiet window has passed since the last one ended.
        locks: previous && now - previous.lockedUntil <= rule.windowMs ? previous.locks : 0,
      }
  if (entry.failures >= rule.maxFailures) {
    entry.lockedUntil = now + Math.min(rule.lockMs * 2 ** entry.locks, rule.maxLockMs)
    entry.locks++
    entry.failures = 0
    entry.firstFailureAt = now
    return { entry, waitMs: entry.lockedUntil - now }
  }
  entry.failures++
  return { entry, waitMs: 0 }
}

/** A reserved attempt that succeeded no longer counts (an office behind one address is not locked by its sign-ins). */
function releaseAttempt(previous: Entry | undefined): Entry | undefined {
  return previous && previous.failures > 0 ? { ...previous, failures: previous.failures - 1 } : previous
}

/** What the sign-in route needs: this class in one process, RedisSignInThrottle shared by nodes. */
export interface Throttle {
  /** Counts an attempt before its password is checked: 0 = go ahead; else ms to wait (nothing counted). */
  reserve(key: string): number | Promise<number>
  /** The reserved attempt succeeded: it no longer counts. */
  release(key: string): void | Promise<void>
  /** The reserved attempt succeeded: every failure of the key is forgotten (the email that signed in). */
  recordSuccess(key: string): void | Promise<void>
}

export function checkRule(rule: ThrottleRule): void {
  if (rule.maxFailures < 1 || rule.windowMs <= 0 || rule.lockMs <= 0 || rule.maxLockMs < rule.lockMs) {
    throw new Error(`invalid sign-in throttle rule ${JSON.stringify(rule)}`)
  }
}

/** Entries beyond this are pruned oldest-first, so a flood of distinct keys cannot exhaust memory. */
const MAX_ENTRIES = 50_000

export class SignInThrottle implements Throttle {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly rule: ThrottleRule) {
    checkRule(rule)
  }

  /** Synchronous, so two attempts in one process can never both take the last place. */
  reserve(key: string, now = Date.now()): number {
    const { entry, waitMs } = reserveAttempt(this.rule, this.entries.get(key), now)
    // Re-inserting keeps the map in least-recently-tried order for pruning.
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
    return waitMs
  }

  release(key: string): void {
    const entry = releaseAttempt(this.entries.get(key))
    if (entry) this.entries.set(key, entry)
  }

  recordSuccess(key: string): void {
    this.entries.delete(key)
  }
}
