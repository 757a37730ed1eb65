// Usage counters added up in memory and written in one transaction about once a second, instead of one
// SQLite write per request (two per render: the request and the format). Readers of the counters (the key
// list, a key's record) flush first, so what they show is exact; closing the store flushes too. If the
// process dies, at most the last second's counts are lost: they are statistics, not billing records.
import type { Kysely } from 'kysely'
import type { ApiKeysTable, Database } from './database.js'
import type { UsageKind } from './records.js'
import { transaction } from './transaction.js'

const FLUSH_AFTER_MS = 1_000

const USAGE_COLUMN = {
  request: 'usage_requests',
  pdf: 'usage_pdf',
  png: 'usage_png',
  jpeg: 'usage_jpeg',
  txt: 'usage_txt',
  docx: 'usage_docx',
  zip: 'usage_zip',
} as const satisfies Record<UsageKind, keyof ApiKeysTable>

type Column = (typeof USAGE_COLUMN)[UsageKind]

export class UsageBatch {
  private pending = new Map<string, Map<Column, number>>()
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()

  constructor(private readonly db: Kysely<Database>) {}

  add(keyId: string, kind: UsageKind): void {
    const column = USAGE_COLUMN[kind]
    if (!column) throw new Error(`unknown usage kind "${kind}"`)
    let counts = this.pending.get(keyId)
    if (!counts) this.pending.set(keyId, (counts = new Map()))
    counts.set(column, (counts.get(column) ?? 0) + 1)
    if (!this.timer) {
      this.timer = setTimeout(() => { this.flush().catch(() => { /* kept pending; the next flush retries */ }) }, FLUSH_AFTER_MS)
      this.timer.unref()
    }
  }

  /** Writes what is pending; resolves when every count added before the call is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const batch = this.pending
    this.pending = new Map()
    const write = async () => {
      if (batch.size === 0) return
      try {
        await transaction(this.db, async (trx) => {
          for (const [keyId, counts] of batch) {
            await trx.updateTable('api_keys')
              .set((eb) => Object.fromEntries([...counts].map(([column, n]) => [column, eb(column, '+', n)])))
              .where('id', '=', keyId)
              .execute()
          }
        })
      } catch (err) {
        for (const [keyId, counts] of batch) for (const [column, n] of counts) this.readd(keyId, column, n)
        throw err
      }
    }
    // One flush at a time, in order: a reader waiting for its flush also waits for the one before.
    this.flushing = this.flushing.catch(() => {}).then(write)
    return this.flushing
  }

  private readd(keyId: string, column: Column, n: number): void {
    let counts = this.pending.get(keyId)
    if (!counts) this.pending.set(keyId, (counts = new Map()))
    counts.set(column, (counts.get(column) ?? 0) + n)
  }
}
