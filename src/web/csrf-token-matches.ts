// Constant-time comparison of a submitted CSRF token with the expected one.
import { timingSafeEqual } from 'node:crypto'

export function csrfTokenMatches(submitted: unknown, expected: string): boolean {
  if (typeof submitted !== 'string' || submitted.length === 0 || expected.length === 0) return false
  const a = Buffer.from(submitted, 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
