// TemplateTo's filters (format_number, parse_date, to_number, currency, type), Fluid's integer
// `divided_by` and `date` in the template's culture, registered on each Liquid engine. A filter that cannot do its job throws an error that
// names it; liquidjs adds the template line.
import type { Liquid } from 'liquidjs'
import type { FilterImpl } from 'liquidjs/dist/template/filter-impl-options.js'
import { resolveCulture } from './culture.js'
import { cultureDateFormat, fillNames } from './culture-date.js'
import { formatNumber } from './format-number.js'
import { parseDate } from './parse-date.js'
import { quoteInput } from '../quote-input.js'
import { renderState } from './render-state.js'

class FilterInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FilterInputError'
  }
}

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/

function describe(value: unknown): string {
  if (typeof value === 'string') return quoteInput(value)
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  return String(value)
}

/** A number from a number or a numeric string; anything else is the template's mistake. */
function numberOf(filter: string, value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value)
  if (typeof value === 'boolean') return value ? 1 : 0
  throw new FilterInputError(`${filter}: ${describe(value)} is not a number`)
}

const isNil = (v: unknown) => v === null || v === undefined || v === ''

function cultureOf(filter: string, explicit: unknown): string {
  if (isNil(explicit)) return renderState().culture
  try {
    return resolveCulture(String(explicit))
  } catch (err) {
    throw new FilterInputError(`${filter}: ${(err as Error).message}`)
  }
}

function fluidType(value: unknown): string {
  if (value === null || value === undefined) return 'Nil'
  if (Array.isArray(value)) return 'Array'
  if (value instanceof Date) return 'DateTime'
  if (typeof value === 'number') return 'Number'
  if (typeof value === 'string') return 'String'
  if (typeof value === 'boolean') return 'Boolean'
  return 'Object'
}


export function registerTemplateToFilters(engine: Liquid): void {
  engine.registerFilter('format_number', (value: unknown, format: unknown, culture?: unknown) => {
    if (isNil(value)) return ''
    const n = numberOf('format_number', value)
    const c = cultureOf('format_number', culture)
    try {
      return formatNumber(n, isNil(format) ? 'G' : String(format), c)
    } catch (err) {
      throw new FilterInputError(`format_number: ${(err as Error).message}`)
    }
  })
  engine.registerFilter('currency', (value: unknown, culture?: unknown) => {
    if (isNil(value)) return ''
    return formatNumber(numberOf('currency', value), 'C', cultureOf('currency', culture))
  })
  engine.registerFilter('to_number', (value: unknown) => {
    if (value === null || value === undefined) return value
    return numberOf('to_number', value)
  })
  engine.registerFilter('parse_date', (value: unknown, isUS?: unknown) => {
    if (value === null || value === undefined) return value
    return parseDate(value, isUS === true || (typeof isUS === 'string' && /^true$/i.test(isUS)))
  })
  // Fluid computes in decimal: "99.99" | times: 3 is 299.97, not JavaScript's 299.96999999999997. Fifteen
  // significant digits (what a double holds exactly) give the same results for money-sized numbers.
  const decimal = (n: number) => (Number.isInteger(n) ? n : Number(n.toPrecision(15)))
  engine.registerFilter('times', (a: unknown, b: unknown) => decimal(numberOf('times', a ?? 0) * numberOf('times', b ?? 0)))
  engine.registerFilter('plus', (a: unknown, b: unknown) => decimal(numberOf('plus', a ?? 0) + numberOf('plus', b ?? 0)))
  engine.registerFilter('minus', (a: unknown, b: unknown) => decimal(numberOf('minus', a ?? 0) - numberOf('minus', b ?? 0)))
  engine.registerFilter('type', (value: unknown) => fluidType(value))
  // Fluid writes month and day names in the template's culture: liquidjs's own `date` does the parsing,
  // time zones and codes; culture-date.ts the names and %x/%X/%c.
  const builtinDate = engine.filters.date as (this: FilterImpl, ...args: unknown[]) => unknown
  engine.registerFilter('date', function (this: FilterImpl, value: unknown, format?: unknown, timezoneOffset?: unknown) {
    const culture = renderState().culture
    if (typeof format !== 'string') return builtinDate.call(this, value, format, timezoneOffset)
    const out = builtinDate.call(this, value, cultureDateFormat(format, culture), timezoneOffset)
    // An unparseable value comes back as it was (liquidjs), not with our markers.
    return typeof out === 'string' && out !== value ? fillNames(out, culture) : out
  })
  // Fluid (like Shopify Liquid) divides an integer by an integer as integers: 7 | divided_by: 2 → 3. A
  // fractional dividend (152413.5 | divided_by: 100 → 1524.135) or a divisor written with a decimal point
  // (2.0) keeps the fraction, as Fluid's decimals do.
  engine.registerFilter('divided_by', function (this: FilterImpl, dividend: unknown, divisor: unknown) {
    const a = numberOf('divided_by', dividend)
    const b = numberOf('divided_by', divisor)
    if (b === 0) throw new FilterInputError('divided_by: division by zero')
    const arg = this.token?.args?.[0]
    const written = arg && !Array.isArray(arg) ? (arg as { getText(): string }).getText() : ''
    const decimalDivisor = /\./.test(written) || (typeof divisor === 'string' && divisor.includes('.'))
    return Number.isInteger(a) && Number.isInteger(b) && !decimalDivisor ? Math.floor(a / b) : a / b
  })
}
