// What a failed write or query says about the engine under it — a full disk, a read-only or broken folder, an
// engine that cannot be reached — in a few words, so a request is answered 507/503 naming it (not 500) and a
// job that cannot store its result is Failed with it. Null = not an engine fault (a bug: 500).

export type EngineFaultKind = 'full' | 'read-only' | 'broken' | 'unreachable'

export interface EngineFault { kind: EngineFaultKind; detail: string }

const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'])
const READ_ONLY = new Set(['EROFS', 'SQLITE_READONLY', '25006'])
const BROKEN = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EISDIR', 'EEXIST', 'EIO', 'ELOOP', 'ENAMETOOLONG', 'SQLITE_IOERR', 'SQLITE_CORRUPT', 'SQLITE_CANTOPEN', 'SQLITE_NOTADB'])
// Node's network errors, PostgreSQL's connection and shutdown classes (08…, 57P0…).
const UNREACHABLE = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
  '08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03',
])
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Connection is closed|Stream isn't writeable|connect ECONNREFUSED|socket hang up|Client has encountered a connection error/i
// The AWS SDK's names for a request that never got an answer.
const UNREACHABLE_NAME = /^(TimeoutError|NetworkingError|RequestTimeout|ServiceUnavailable|SlowDown|InternalError)$/

function codeOf(error: { code?: unknown }): string {
  const code = typeof error.code === 'string' ? error.code : ''
  // SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED …) belong to their primary code.
  const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0]
  return primary ?? code
}

const WORDS: Record<EngineFaultKind, string> = {
  full: 'no space is left',
  'read-only': 'the storage is read-only',
  broken: 'the storage cannot be written',
  unreachable: 'the engine cannot be reached',
}

/** The fault behind `error`, looking through causes and AggregateError (IPv4 + IPv6 both refused). */
export function engineFault(error: unknown, depth = 0): EngineFault | null {
  if (!error || typeof error !== 'object' || depth > 4) return null
  const e = error as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown[]; cause?: unknown; $metadata?: { httpStatusCode?: number } }
  const code = codeOf(e)
  const message = typeof e.message === 'string' ? e.message : ''
  const kind: EngineFaultKind | null = FULL.has(code) ? 'full'
    : READ_ONLY.has(code) ? 'read-only'
      : BROKEN.has(code) ? 'broken'
        : UNREACHABLE.has(code) || UNREACHABLE_MESSAGE.test(message) || (typeof e.name === 'string' && UNREACHABLE_NAME.test(e.name)) || (e.$metadata?.httpStatusCode ?? 0) >= 500 ? 'unreachable'
          : null
  if (kind) return { kind, detail: `${WORDS[kind]} (${code || (typeof e.name === 'string' && e.name !== 'Error' ? e.name : message.slice(0, 80))})` }
  for (const inner of Array.isArray(e.errors) ? e.errors : []) {
    const found = engineFault(inner, depth + 1)
    if (found) return found
  }
  return engineFault(e.cause, depth + 1)
}
