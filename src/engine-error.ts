// A configured engine (PostgreSQL, Redis, S3) that cannot be used at start. The message names the setting
// to fix and fits on one line: the CLI prints it as is and exits non-zero, with no stack trace.
export class EngineError extends Error {
  constructor(readonly setting: string, detail: string) {
    super(`${setting}: ${detail.replace(/\s+/g, ' ').trim()}`)
  }
}

/** The reason of a driver error in a few words (connection refused, unknown host, auth failed …). */
export function reason(error: unknown): string {
  const e = error as { code?: string; message?: string; errors?: unknown[] } | undefined
  // Node's AggregateError (IPv4 and IPv6 both refused) has an empty message and the detail inside.
  if (e && !e.message && Array.isArray(e.errors) && e.errors.length > 0) return reason(e.errors[0])
  const message = e?.message || String(error)
  return e?.code && !message.includes(e.code) ? `${e.code} ${message}` : message
}

/** Host and port of a URL without its credentials, for messages. */
export function where(url: string): string {
  try {
    const u = new URL(url)
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname.length > 1 ? u.pathname : ''}`
  } catch {
    return 'the configured address'
  }
}
