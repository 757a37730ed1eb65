// Web-interface sessions. The browser holds a random token; the store keeps only its SHA-256, the CSRF
// token bound to it and its expiry. Every lookup joins the users table, so a removed user or a changed
// role is seen on the next request, and signing out deletes the row.
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'
import type { User, UserRole } from './records.js'

export interface WebSessionsTable {
  id: string
  user_id: string
  csrf_token: string
  created_at: string
  last_seen_at: string
  expires_at: string
}

type SessionDatabase = Database & { web_sessions: WebSessionsTable }

export interface SessionLifetime {
  /** A session unused for this long ends. */
  idleMs: number
  /** A session ends this long after sign-in however busy it is. */
  absoluteMs: number
}

const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 12 * 3600_000, absoluteMs: 7 * 24 * 3600_000 }

/** Sliding the expiry costs a write; once a minute per session is plenty. */
const TOUCH_RESOLUTION_MS = 60_000

export interface WebSession { id: string; csrfToken: string; user: User; expiresAt: string }
export interface NewWebSession { token: string; session: WebSession }

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Tokens are 43 base64url characters; anything else cannot be one and skips the query. */
function looksLikeToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token)
}

export class SessionRepository {
  private readonly db: Kysely<SessionDatabase>

  constructor(db: Kysely<Database>, private readonly lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME) {
    this.db = db.withTables<{ web_sessions: WebSessionsTable }>()
  }

  async create(user: User, now = new Date()): Promise<NewWebSession> {
    const token = randomBytes(32).toString('base64url')
    const row = {
      id: hashToken(token),
      user_id: user.id,
      csrf_token: randomBytes(32).toString('base64url'),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.lifetime.idleMs).toISOString(),
    }
    await this.db.insertInto('web_sessions').values(row).execute()
    return { token, session: { id: row.id, csrfToken: row.csrf_token, user, expiresAt: row.expires_at } }
  }

  /** The live session for a cookie token with its user as stored now; null when unknown or expired. */
  async resolve(token: unknown, now = new Date()): Promise<WebSession | null> {
    if (!looksLikeToken(token)) return null
    const id = hashToken(token)
    const row = await this.db.selectFrom('web_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.csrf_token', 's.created_at', 's.last_seen_at', 's.expires_at',
        'u.id as user_id', 'u.account_id', 'u.email', 'u.role', 'u.created_at as user_created_at'])
      .where('s.id', '=', id)
      .executeTakeFirst()
    if (!row) return null
    const nowMs = now.getTime()
    const hardEnd = Date.parse(row.created_at) + this.lifetime.absoluteMs
    if (nowMs >= Date.parse(row.expires_at) || nowMs >= hardEnd) {
      await this.db.deleteFrom('web_sessions').where('id', '=', id).execute()
      return null
    }
    let expiresAt = row.expires_at
    if (nowMs - Date.parse(row.last_seen_at) >= TOUCH_RESOLUTION_MS) {
      expiresAt = new Date(Math.min(nowMs + this.lifetime.idleMs, hardEnd)).toISOString()
      await this.db.updateTable('web_sessions').set({ last_seen_at: now.toISOString(), expires_at: expiresAt })
        .where('id', '=', id).execute()
    }
    const user: User = {
      id: row.user_id, accountId: row.account_id, email: row.email, role: row.role as UserRole, createdAt: row.user_created_at,
    }
    return { id: row.id, csrfToken: row.csrf_token, user, expiresAt }
  }

  async remove(token: unknown): Promise<void> {
    if (!looksLikeToken(token)) return
    await this.db.deleteFrom('web_sessions').where('id', '=', hashToken(token)).execute()
  }

  /** Ends every session of a user (removed user, changed password). */
  async removeForUser(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('web_sessions').where('user_id', '=', userId).executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  /** Ends every session of the user but one (after a password change, the session that made it stays). */
  async removeForUserExcept(userId: string, keepId: string): Promise<number> {
    const result = await this.db.deleteFrom('web_sessions').where('user_id', '=', userId).where('id', '!=', keepId).executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  async pruneExpired(now = new Date()): Promise<number> {
    const result = await this.db.deleteFrom('web_sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}
