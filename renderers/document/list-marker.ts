// Marker text for list items and counter() values: '1.', 'iv.', 'c.', '•'.

const BULLETS: Record<string, string> = {
  disc: '•', circle: '◦', square: '▪', 'disclosure-open': '▾', 'disclosure-closed': '▸',
}
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω'

/** The marker for item number `n` in list-style-type `type`; null for `none`. */
export function listMarker(type: string, n: number): string | null {
  if (type === 'none') return null
  if (type.startsWith('"')) return JSON.parse(type) as string
  const bullet = BULLETS[type]
  if (bullet !== undefined) return bullet
  return formatCounter(n, type) + '.'
}

/** A counter value in a counter style, without suffix. */
export function formatCounter(n: number, type: string): string {
  switch (type) {
    case 'none': return ''
    case 'disc': case 'circle': case 'square': case 'disclosure-open': case 'disclosure-closed': return BULLETS[type]
    case 'decimal-leading-zero': return n >= 0 && n < 10 ? `0${n}` : String(n)
    case 'lower-roman': return n > 0 && n < 4000 ? roman(n).toLowerCase() : String(n)
    case 'upper-roman': return n > 0 && n < 4000 ? roman(n) : String(n)
    case 'lower-alpha': case 'lower-latin': return n > 0 ? alpha(n) : String(n)
    case 'upper-alpha': case 'upper-latin': return n > 0 ? alpha(n).toUpperCase() : String(n)
    case 'lower-greek': return n > 0 ? alphabetic(n, GREEK) : String(n)
    default: return String(n)
  }
}

function roman(n: number): string {
  const table: Array<[number, string]> = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
    [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ]
  let out = ''
  for (const [v, s] of table) while (n >= v) { out += s; n -= v }
  return out
}

const alpha = (n: number): string => alphabetic(n, 'abcdefghijklmnopqrstuvwxyz')

function alphabetic(n: number, letters: string): string {
  const chars = [...letters]
  let out = ''
  while (n > 0) {
    n--
    out = chars[n % chars.length] + out
    n = Math.floor(n / chars.length)
  }
  return out
}
