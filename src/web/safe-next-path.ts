// Where to go after signing in: only a path on this site, never an absolute or protocol-relative URL.
export function safeNextPath(next: unknown, fallback = '/templates'): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[\u0000-\u001f]/.test(next) || next.length > 500 || next.startsWith('/sign-in')) return fallback
  return next
}
