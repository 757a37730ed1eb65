// CSS Color 4/5 forms that the fast path in parse-color.ts does not read: lab(), lch(), oklab(), oklch(),
// hwb(), color(), color-mix(), relative colours (`oklch(from … l c h)`), calc() in channels. Tailwind v4
// emits these for its whole palette. @csstools/css-color-parser does the colour science; the result is
// converted to sRGB and clipped per channel, as Chromium does when it paints (no CSS gamut mapping).
import { color, serializeRGB } from '@csstools/css-color-parser'
import { parseComponentValue } from '@csstools/css-parser-algorithms'
import { tokenize as cssTokenize } from '@csstools/css-tokenizer'
import type { Color } from './styled-tree.js'
import { tokensToText, type Tok } from './css-tokens.js'

const CACHE_LIMIT = 2048
/** Parsed colours by their text (after currentColor is substituted); null for "not a colour". */
const cache = new Map<string, Color | null>()

const clamp255 = (v: number): number => Math.min(255, Math.max(0, Math.round(v)))

export function parseModernColor(name: string, args: Tok[], current: Color): Color | null {
  let text = `${name}(${tokensToText(args)})`
  if (mentionsCurrentColor(args)) text = text.replace(/currentcolor/g, `rgb(${current.r} ${current.g} ${current.b} / ${current.a})`)
  const hit = cache.get(text)
  if (hit !== undefined) return hit
  const out = parse(text)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(text, out)
  return out
}

function parse(text: string): Color | null {
  let data
  try {
    const node = parseComponentValue(cssTokenize({ css: text }))
    data = node ? color(node) : false
  } catch {
    return null
  }
  if (!data || typeof data.alpha !== 'number') return null
  // serializeRGB without gamut mapping gives sRGB channels 0–255, possibly out of range: clip them.
  const fn = serializeRGB(data, false)
  const nums: number[] = []
  for (const v of fn.value) {
    const t = (v as { value?: unknown }).value
    if (Array.isArray(t) && t[0] === 'number-token') nums.push((t[4] as { value: number }).value)
    else if (Array.isArray(t) && t[0] === 'percentage-token') nums.push((t[4] as { value: number }).value / 100)
  }
  if (nums.length < 3 || nums.slice(0, 3).some((n) => !Number.isFinite(n))) return null
  return { r: clamp255(nums[0]), g: clamp255(nums[1]), b: clamp255(nums[2]), a: Math.min(1, Math.max(0, data.alpha)) }
}

function mentionsCurrentColor(args: Tok[]): boolean {
  for (const a of args) {
    if (a.t === 'ident' && a.v === 'currentcolor') return true
    if (a.t === 'fn' && mentionsCurrentColor(a.args)) return true
  }
  return false
}
