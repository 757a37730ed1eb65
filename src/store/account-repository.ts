import type { Kysely, Selectable } from 'kysely'
import type { AccountsTable, Database } from './database.js'
import { newId } from './new-id.js'
import type { Account } from './records.js'

function toAccount(row: Selectable<AccountsTable>): Account {
  return { id: row.id, name: row.name, createdAt: row.created_at }
}

export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account with this name, created if missing (safe against a concurrent create). */
  async ensure(name: string): Promise<Account> {
    await this.db.insertInto('accounts')
      .values({ id: newId('acc'), name, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    const account = await this.byName(name)
    if (!account) throw new Error(`account "${name}" vanished right after it was ensured`)
    return account
  }

  async byName(name: string): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst()
    return row ? toAccount(row) : null
  }

  async byId(id: string): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toAccount(row) : null
  }

  /** The oldest account: the single-tenant default. */
  async first(): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst()
    return row ? toAccount(row) : null
  }
}
