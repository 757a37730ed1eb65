// The sign-in throttle shared by every node (REDIS_URL): the same rule as SignInThrottle, each key's entry a
// small JSON value in Redis that expires once neither its window nor its lock matters any more. A reservation
// is one Lua script (read, decide, write in one step on the server), so attempts on any number of nodes at
// once cannot take more places than the rule gives — the script is sign-in-throttle.ts's reserveAttempt.
import type { Redis } from 'ioredis'
import { checkRule, type Throttle, type ThrottleRule } from './sign-in-throttle.js'

// KEYS[1] the entry; ARGV now, maxFailures, windowMs, lockMs, maxLockMs, release (1 = give an attempt back).
// Returns the wait in ms (0 = counted, go ahead).
const SCRIPT = `
local now, maxFailures, windowMs, lockMs, maxLockMs, release = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6] == '1'
local raw = redis.call('GET', KEYS[1])
local e = raw and cjson.decode(raw) or nil
local function save(entry)
  local ttl = math.max(entry.lockedUntil - now, 0) + 2 * windowMs
  redis.call('SET', KEYS[1], cjson.encode(entry), 'PX', math.floor(ttl))
end
if release then
  if e and e.failures > 0 then e.failures = e.failures - 1; save(e) end
  return 0
end
if e and e.lockedUntil > now then return e.lockedUntil - now end
local entry
if e and now - e.firstFailureAt <= windowMs then
  entry = e
else
  local locks = 0
  if e and now - e.lockedUntil <= windowMs then locks = e.locks end
  entry = { failures = 0, firstFailureAt = now, lockedUntil = (e and e.lockedUntil) or 0, locks = locks }
end
if entry.failures >= maxFailures then
  entry.lockedUntil = now + math.min(lockMs * 2 ^ entry.locks, maxLockMs)
  entry.locks = entry.locks + 1
  entry.failures = 0
  entry.firstFailureAt = now
  save(entry)
  return entry.lockedUntil - now
end
entry.failures = entry.failures + 1
save(entry)
return 0
`

export class RedisSignInThrottle implements Throttle {
  constructor(private readonly redis: Redis, private readonly rule: ThrottleRule, private readonly prefix: string) {
    checkRule(rule)
  }

  private key(key: string): string {
    return `quire:signin:${this.prefix}:${key}`
  }

  private async run(key: string, now: number, release: boolean): Promise<number> {
    const { maxFailures, windowMs, lockMs, maxLockMs } = this.rule
    const wait = await this.redis.eval(SCRIPT, 1, this.key(key), now, maxFailures, windowMs, lockMs, maxLockMs, release ? '1' : '0')
    return Number(wait)
  }

  reserve(key: string, now = Date.now()): Promise<number> {
    return this.run(key, now, false)
  }

  async release(key: string, now = Date.now()): Promise<void> {
    await this.run(key, now, true)
  }

  async recordSuccess(key: string): Promise<void> {
    await this.redis.del(this.key(key))
  }
}
