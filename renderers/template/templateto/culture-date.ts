// `date` in the render's culture (template setting or request `cultureName`), as Fluid formats dates with
// the template's CultureInfo: month and day names come from Intl (de-DE "%d. %B %Y" → "23. November 2026";
// genitive forms where a language has them and a day is printed, ru-RU "23 ноября"), and the locale-shaped
// codes %x, %X, %c follow the culture's order and separators (TemplateTo's docs: en-US %x 01/15/24, en-GB
// 15/01/24, de-DE 15.01.24). Everything else is liquidjs's strftime: the names are put in after it ran, by
// markers (private-use characters) around the month and weekday numbers, so its date parsing and time zones stay as they are.
const CODE = /%([-_0^#:]+)?(\d+)?([EO])?(.)/g
const MONTH = '\uE000'
const WEEKDAY = '\uE001'
const MARKED = /\uE000(\d+)\uE000([BbLl])|\uE001(\d)\uE001([Aa])/g

const patternCache = new Map<string, string>()

/**
 * A strftime pattern from Intl's parts for a sample date (4 March 2026, 09:05:07, so that padding shows):
 * the culture's order, separators and padding. Numeric parts stay numeric (ja-JP writes months as numbers).
 */
function intlPattern(culture: string, kind: 'x' | 'X' | 'c'): string {
  const key = `${culture}\n${kind}`
  const hit = patternCache.get(key)
  if (hit !== undefined) return hit
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' }
  const options: Intl.DateTimeFormatOptions = kind === 'x' ? { day: '2-digit', month: '2-digit', year: '2-digit' }
    : kind === 'X' ? time : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...time }
  const format = new Intl.DateTimeFormat(culture, { ...options, timeZone: 'UTC' })
  const hour12 = format.resolvedOptions().hour12 === true
  const numeric = (value: string, code: string) => (value.length > 1 && value.startsWith('0') ? `%${code}` : `%-${code}`)
  const pattern = format.formatToParts(new Date(Date.UTC(2026, 2, 4, 9, 5, 7))).map((p) => {
    switch (p.type) {
      case 'weekday': return '%a'
      case 'day': return numeric(p.value, 'd')
      case 'month': return /^\d+$/.test(p.value) ? numeric(p.value, 'm') : '%b'
      case 'year': return p.value.length === 2 ? '%y' : '%Y'
      case 'hour': return numeric(p.value, hour12 ? 'I' : 'H')
      case 'minute': return '%M'
      case 'second': return '%S'
      case 'dayPeriod': return '%p'
      default: return p.value.replace(/%/g, '%%')
    }
  }).join('')
  patternCache.set(key, pattern)
  return pattern
}

/** The format with %x/%X/%c spelled out for the culture and names marked for `fillNames`. */
export function cultureDateFormat(format: string, culture: string): string {
  const hasDay = /%[-_0^#]*\d*[de]/.test(format)
  return format.replace(CODE, (code: string, flags: string | undefined, width: string | undefined, modifier: string | undefined, letter: string) => {
    if (flags || width || modifier) return code
    if (letter === 'x' || letter === 'X' || letter === 'c') return cultureDateFormat(intlPattern(culture, letter), culture)
    // L/l: long/short month as written next to a day (genitive), B/b: standalone.
    if (letter === 'B' || letter === 'b' || letter === 'h') return `${MONTH}%m${MONTH}${hasDay ? (letter === 'B' ? 'L' : 'l') : letter === 'h' ? 'b' : letter}`
    if (letter === 'A' || letter === 'a') return `${WEEKDAY}%w${WEEKDAY}${letter}`
    return code
  })
}

const nameCache = new Map<string, string>()

function name(culture: string, kind: string, n: number): string {
  const key = `${culture}\n${kind}${n}`
  const hit = nameCache.get(key)
  if (hit !== undefined) return hit
  let value: string
  if (kind === 'A' || kind === 'a') {
    // 2 January 2000 was a Sunday: %w 0.
    value = new Intl.DateTimeFormat(culture, { weekday: kind === 'A' ? 'long' : 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 2 + n)))
  } else {
    const month = kind === 'B' || kind === 'L' ? 'long' : 'short'
    const date = new Date(Date.UTC(2000, n - 1, 15))
    const standalone = new Intl.DateTimeFormat(culture, { month, timeZone: 'UTC' }).format(date)
    const withDay = kind === 'L' || kind === 'l'
      ? new Intl.DateTimeFormat(culture, { day: 'numeric', month, timeZone: 'UTC' }).formatToParts(date).find((p) => p.type === 'month')?.value
      : undefined
    // Languages that write the month as a number next to a day (ja 11月23日) keep the standalone name.
    value = withDay && !/^\d+$/.test(withDay) ? withDay : standalone
  }
  if (nameCache.size > 5000) nameCache.clear()
  nameCache.set(key, value)
  return value
}

/** Replaces the markers left by `cultureDateFormat` with the culture's names. */
export function fillNames(formatted: string, culture: string): string {
  return formatted.replace(MARKED, (_m: string, month: string | undefined, monthKind: string | undefined, day: string | undefined, dayKind: string | undefined) =>
    month !== undefined ? name(culture, monthKind!, Number(month)) : name(culture, dayKind!, Number(day)))
}
