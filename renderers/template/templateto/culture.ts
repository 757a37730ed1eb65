// TemplateTo's cultures are .NET culture names (en-US, de-DE, …). Quire answers them through Intl, whose
// ICU data is what .NET itself uses on Linux, so separators and currency patterns match.
import countryToCurrency from 'country-to-currency'

export const DEFAULT_CULTURE = 'en-US'

export class UnknownCultureError extends Error {
  constructor(public readonly culture: string) {
    super(`unknown culture '${culture}' (expected a culture name such as en-US, en-GB, de-DE, fr-FR, nl-NL or ja-JP)`)
    this.name = 'UnknownCultureError'
  }
}

export interface CultureSymbols { decimal: string; group: string; minus: string; percent: string; permille: string }

const checked = new Map<string, string>()
const symbolCache = new Map<string, CultureSymbols>()

/** The canonical culture name, or an UnknownCultureError; '' and 'invariant' mean .NET's invariant culture (en-US here). */
export function resolveCulture(name: string | undefined | null): string {
  const raw = (name ?? '').trim()
  if (raw === '' || /^invariant$/i.test(raw)) return DEFAULT_CULTURE
  const hit = checked.get(raw)
  if (hit) return hit
  let canonical: string
  try {
    canonical = Intl.getCanonicalLocales(raw.replace(/_/g, '-'))[0]
  } catch {
    throw new UnknownCultureError(raw)
  }
  if (!canonical || Intl.NumberFormat.supportedLocalesOf([canonical]).length === 0) throw new UnknownCultureError(raw)
  if (checked.size > 500) checked.clear()
  checked.set(raw, canonical)
  return canonical
}

/** The currency of the culture's region (de-DE → EUR); a culture without a region takes its likely region (de → DE). */
export function cultureCurrency(culture: string): string {
  const region = new Intl.Locale(culture).maximize().region
  const table = countryToCurrency as Record<string, string>
  return (region && table[region]) || 'USD'
}

export function cultureSymbols(culture: string): CultureSymbols {
  const hit = symbolCache.get(culture)
  if (hit) return hit
  const parts = new Intl.NumberFormat(culture, { useGrouping: true }).formatToParts(-12345.6)
  const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback
  const percentParts = new Intl.NumberFormat(culture, { style: 'percent' }).formatToParts(0.5)
  const symbols: CultureSymbols = {
    decimal: part('decimal', '.'),
    group: part('group', ','),
    minus: part('minusSign', '-'),
    percent: percentParts.find((p) => p.type === 'percentSign')?.value ?? '%',
    permille: '‰',
  }
  symbolCache.set(culture, symbols)
  return symbols
}
