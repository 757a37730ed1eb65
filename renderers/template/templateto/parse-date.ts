// TemplateTo's `parse_date`: day-first dates (15/11/23) unless the US flag asks for month-first
// (11/15/23), ISO 8601, and the written-out forms .NET's DateTime.Parse accepts in practice.
// Dates without a zone are local times, which is what liquidjs's `date` filter prints them in.
import { quoteInput } from '../quote-input.js'

class DateParseError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DateParseError'
  }
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function fullYear(y: string): number {
  const n = Number(y)
  // .NET's two-digit year window: 00–49 → 2000s, 50–99 → 1900s.
  return y.length <= 2 ? (n < 50 ? 2000 + n : 1900 + n) : n
}

function make(y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0): Date | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || h > 23 || min > 59 || s > 59) return null
  const date = new Date(y, m - 1, d, h, min, s, ms)
  // 31/02 rolls over in JavaScript; .NET refuses it.
  return date.getMonth() === m - 1 && date.getDate() === d ? date : null
}

function time(rest: string | undefined): [number, number, number] | null {
  if (!rest) return [0, 0, 0]
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*$/i.exec(rest)
  if (!m) return null
  let h = Number(m[1])
  if (m[4]) {
    if (h < 1 || h > 12) return null
    const pm = /^p/i.test(m[4])
    h = (h % 12) + (pm ? 12 : 0)
  }
  return [h, Number(m[2]), Number(m[3] ?? 0)]
}

export function parseDate(input: unknown, isUS = false): Date {
  if (input instanceof Date) return input
  if (typeof input === 'number' && Number.isFinite(input)) return new Date(input > 1e11 ? input : input * 1000)
  const text = String(input ?? '').trim()
  if (text === '') throw new DateParseError('parse_date: the value is empty')

  // ISO 8601: 2024-01-15, 2024-01-15T10:30[:00[.000]][Z|±hh:mm]
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text)
  if (iso) {
    if (iso[8]) {
      const d = new Date(text.replace(' ', 'T'))
      if (!Number.isNaN(d.getTime())) return d
    } else {
      const d = make(Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4] ?? 0), Number(iso[5] ?? 0), Number(iso[6] ?? 0), Number((iso[7] ?? '0').slice(0, 3).padEnd(3, '0')))
      if (d) return d
    }
    throw new DateParseError(`parse_date: ${quoteInput(text)} is not a valid date`)
  }

  // 15/11/23, 15.11.2023, 15-11-2023 (day first) or 11/15/23 with the US flag, optional time after.
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T](.+))?$/.exec(text)
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])]
    const [day, month] = isUS ? [b, a] : [a, b]
    const t = time(numeric[4])
    const d = t && make(fullYear(numeric[3]), month, day, ...t)
    if (d) return d
    throw new DateParseError(`parse_date: ${quoteInput(text)} is not a valid ${isUS ? 'month/day/year' : 'day/month/year'} date${isUS ? '' : ' (pass true for US month/day/year)'}`)
  }

  // 2023/11/15
  const ymd = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?:[ T](.+))?$/.exec(text)
  if (ymd) {
    const t = time(ymd[4])
    const d = t && make(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]), ...t)
    if (d) return d
  }

  // 15 November 2023, 15 Nov 2023, November 15, 2023, Nov 15 2023 (optionally with a weekday and a time)
  const words = text.replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+/i, '')
  const dmy = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,})\.?,?\s+(\d{2,4})(?:,?\s+(.+))?$/i.exec(words)
  const mdy = /^([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{2,4})(?:,?\s+(.+))?$/i.exec(words)
  const named = dmy ? { day: dmy[1], month: dmy[2], year: dmy[3], rest: dmy[4] } : mdy ? { day: mdy[2], month: mdy[1], year: mdy[3], rest: mdy[4] } : null
  if (named) {
    const month = MONTHS.indexOf(named.month.slice(0, 3).toLowerCase()) + 1
    const t = time(named.rest)
    const d = month > 0 && t && make(fullYear(named.year), month, Number(named.day), ...t)
    if (d) return d
  }
  throw new DateParseError(`parse_date: ${quoteInput(text)} is not a date it can read (use dd/mm/yy, mm/dd/yy with true, or ISO 2024-01-15)`)
}
