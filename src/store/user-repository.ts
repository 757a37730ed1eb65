import type { Kysely, Selectable } from 'kysely'
import { Errors } from '../errors.js'
import type { Database, UsersTable } from './database.js'
import { isUniqueViolation } from './is-unique-violation.js'
import { newId } from './new-id.js'
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hash.js'
import { MAX_PASSWORD_LENGTH } from '../password-policy.js'
import { USER_ROLES, type User, type UserRole } from './records.js'


function toUser(row: Selectable<UsersTable>): User {
  return { id: row.id, accountId: row.account_id, email: row.email, role: row.role as UserRole, createdAt: row.created_at }
}

function normaliseEmail(email: unknown): string {
  if (typeof email !== 'string') throw new Errors.REQUEST_INVALID('email must be a string')
  const normalised = email.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+$/.test(normalised) || normalised.length > 320) {
    throw new Errors.REQUEST_INVALID(`email "${email}" is not a valid email address`)
  }
  return normalised
}

function checkRole(role: unknown): UserRole {
  if (!USER_ROLES.includes(role as UserRole)) {
    throw new Errors.REQUEST_INVALID(`role must be one of ${USER_ROLES.join(', ')}; got ${JSON.stringify(role)}`)
  }
  return role as UserRole
}

export interface NewUser { accountId: string; email: string; password: string; role: UserRole }

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create({ accountId, email, password, role }: NewUser): Promise<User> {
    const normalised = normaliseEmail(email)
    checkRole(role)
    if (typeof password !== 'string' || password.length === 0) throw new Errors.REQUEST_INVALID('password must not be empty')
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw new Errors.REQUEST_INVALID(`password must be at most ${MAX_PASSWORD_LENGTH} characters long`)
    }
    const row = {
      id: newId('usr'),
      account_id: accountId,
      email: normalised,
      password_hash: await hashPassword(password),
      role,
      created_at: new Date().toISOString(),
    }
    try {
      await this.db.insertInto('users').values(row).execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw new Errors.USER_EMAIL_TAKEN(normalised)
      throw err
    }
    return toUser(row)
  }

  /** The user when the password matches; null for a wrong password or an unknown email (same cost). */
  async verify(email: string, password: string): Promise<User | null> {
    if (typeof email !== 'string' || typeof password !== 'string' || password.length > MAX_PASSWORD_LENGTH) return null
    const row = await this.db.selectFrom('users').selectAll()
      .where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
    const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH)
    return ok && row ? toUser(row) : null
  }

  async list(accountId: string): Promise<User[]> {
    const rows = await this.db.selectFrom('users').selectAll()
      .where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute()
    return rows.map(toUser)
  }

  async byId(accountId: string, id: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll()
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return row ? toUser(row) : null
  }

  async setRole(accountId: string, id: string, role: UserRole): Promise<User | null> {
    checkRole(role)
    const result = await this.db.updateTable('users').set({ role })
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return result.numUpdatedRows > 0n ? this.byId(accountId, id) : null
  }

  async setPassword(accountId: string, id: string, password: string): Promise<boolean> {
    if (typeof password !== 'string' || password.length === 0) throw new Errors.REQUEST_INVALID('password must not be empty')
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw new Errors.REQUEST_INVALID(`password must be at most ${MAX_PASSWORD_LENGTH} characters long`)
    }
    const result = await this.db.updateTable('users').set({ password_hash: await hashPassword(password) })
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return result.numUpdatedRows > 0n
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users')
      .where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n
  }
}
