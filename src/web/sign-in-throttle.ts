// Slows down password guessing in the web interface: after `maxFailures` failed sign-ins for one key
// (an email, or a client address) within `windowMs`, that key is locked for `lockMs`, doubling with each
// further lock up to `maxLockMs`. Kept in memory: a restart forgets, which costs an attacker little
// because every guess still pays for an scrypt verification.

export interface ThrottleRule { maxFailures: number; windowMs: number; lockMs: number; maxLockMs: number }

export interface ThrottleEntry { failures: number; firstFailureAt: number; lockedUntil: number; locks: number }
type Entry = ThrottleEntry

/** The entry after one more failure at `now` (pure: the in-memory and the Redis throttle share it). */
export function afterFailure(rule: ThrottleRule, previous: Entry | undefined, now: number): Entry {
  const entry: Entry = previous && now - previous.firstFailureAt <= rule.windowMs
    ? { ...previous }
    : {
        failures: 0,
        firstFailureAt: now,
        lockedUntil: previous?.lockedUntil ?? 0,
        // Earlier locks are forgiven once a whole quiet window has passed since the last one ended.
        locks: previous && now - previous.lockedUntil <= rule.windowMs ? previous.locks : 0,
      }
  entry.failures++
  if (entry.failures >= rule.maxFailures) {
    entry.lockedUntil = now + Math.min(rule.lockMs * 2 ** entry.locks, rule.maxLockMs)
    entry.locks++
    entry.failures = 0
    entry.firstFailureAt = now
  }
  return entry
}

/** What the sign-in route needs: this class in one process, RedisSignInThrottle shared by nodes. */
export interface Throttle {
  retryAfterMs(key: string): number | Promise<number>
  recordFailure(key: string): void | Promise<void>
  recordSuccess(key: string): void | Promise<void>
}

/** Entries beyond this are pruned oldest-first, so a flood of distinct keys cannot exhaust memory. */
const MAX_ENTRIES = 50_000

export class SignInThrottle implements Throttle {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly rule: ThrottleRule) {
    if (rule.maxFailures < 1 || rule.windowMs <= 0 || rule.lockMs <= 0 || rule.maxLockMs < rule.lockMs) {
      throw new Error(`invalid sign-in throttle rule ${JSON.stringify(rule)}`)
    }
  }

  /** Milliseconds until `key` may try again; 0 when it may try now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const entry = this.entries.get(key)
    return entry && entry.lockedUntil > now ? entry.lockedUntil - now : 0
  }

  recordFailure(key: string, now = Date.now()): void {
    const entry = afterFailure(this.rule, this.entries.get(key), now)
    // Re-inserting keeps the map in least-recently-failed order for pruning.
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
  }

  recordSuccess(key: string): void {
    this.entries.delete(key)
  }
}
