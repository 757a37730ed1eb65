// TemplateTo's `publishDate`: "a UTC ISO 8601 datetime string". A date-time without a zone is read as UTC
// (as the docs say the value is UTC), a bare date as its midnight UTC. Anything else is null, so callers
// can answer with a 400 that shows the expected form rather than guess.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i

export const PUBLISH_DATE_FORM = 'a UTC ISO 8601 date-time such as 2026-03-25T10:00:00Z'

export function parsePublishDate(text: unknown): Date | null {
  if (typeof text !== 'string') return null
  const m = ISO.exec(text.trim())
  if (!m) return null
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${offset}`)
  // Date rolls 2026-02-30 over to March: a day or hour out of range is refused, not moved.
  if (Number.isNaN(date.getTime()) || Number(mo) > 12 || Number(d) > new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate()) return null
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
  return date
}
