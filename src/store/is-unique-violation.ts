/** True when a driver error is a unique-constraint failure (SQLite through libsql, or PostgreSQL 23505). */
export function isUniqueViolation(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown }
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true
  return typeof message === 'string' && /UNIQUE constraint failed/i.test(message)
}
