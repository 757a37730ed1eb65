// The sign-in throttle shared by every node (REDIS_URL): the same rule as SignInThrottle, each key's
// entry a small JSON value in Redis that expires once neither its window nor its lock matters any more.
// A plain read-modify-write (the connection is shared with BullMQ, so no WATCH): two failures of one key
// on two nodes in the same millisecond may count once — the lock comes one guess later, nothing worse.
import type { Redis } from 'ioredis'
import { afterFailure, type Throttle, type ThrottleEntry, type ThrottleRule } from './sign-in-throttle.js'

export class RedisSignInThrottle implements Throttle {
  constructor(private readonly redis: Redis, private readonly rule: ThrottleRule, private readonly prefix: string) {}

  private key(key: string): string {
    return `quire:signin:${this.prefix}:${key}`
  }

  private async read(key: string): Promise<ThrottleEntry | undefined> {
    const raw = await this.redis.get(this.key(key))
    return raw ? (JSON.parse(raw) as ThrottleEntry) : undefined
  }

  async retryAfterMs(key: string, now = Date.now()): Promise<number> {
    const entry = await this.read(key)
    return entry && entry.lockedUntil > now ? entry.lockedUntil - now : 0
  }

  async recordFailure(key: string, now = Date.now()): Promise<void> {
    const entry = afterFailure(this.rule, await this.read(key), now)
    // Kept while the window or the lock runs, plus a window so earlier locks still double the next one.
    const ttl = Math.max(entry.lockedUntil - now, 0) + 2 * this.rule.windowMs
    await this.redis.set(this.key(key), JSON.stringify(entry), 'PX', ttl)
  }

  async recordSuccess(key: string): Promise<void> {
    await this.redis.del(this.key(key))
  }
}
