// API keys already verified, by key hash, so a busy client does not cost a SQLite query per request.
// An entry lives at most a minute and only while the store has not changed (StoreChanges): rolling or
// deleting a key bumps it in this process, and a change from another process moves SQLite's data_version,
// so a rolled or deleted key is refused by the very next request. Unknown keys are never cached.
import type { StoreChanges } from './store-changes.js'

export interface VerifiedKey { keyId: string; accountId: string }

const TTL_MS = 60_000
/** Bounded: a flood of different valid keys cannot grow it without limit. */
const MAX_ENTRIES = 10_000

export class VerifiedKeyCache {
  private readonly entries = new Map<string, VerifiedKey & { until: number }>()
  private seen = ''

  constructor(private readonly changes: StoreChanges, private readonly now: () => number = Date.now) {}

  get(keyHash: string): VerifiedKey | null {
    const version = this.changes.version()
    if (version !== this.seen) {
      this.entries.clear()
      this.seen = version
      return null
    }
    const hit = this.entries.get(keyHash)
    if (!hit) return null
    if (hit.until <= this.now()) {
      this.entries.delete(keyHash)
      return null
    }
    return { keyId: hit.keyId, accountId: hit.accountId }
  }

  /** `version`: the store's version read before the lookup that verified the key (a change since then wins). */
  set(keyHash: string, key: VerifiedKey, version: string): void {
    if (version !== this.changes.version()) return
    if (version !== this.seen) {
      this.entries.clear()
      this.seen = version
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(keyHash, { ...key, until: this.now() + TTL_MS })
  }
}
