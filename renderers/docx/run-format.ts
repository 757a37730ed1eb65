// Character formatting of a Word run from the computed style of its text.
import type { IRunOptions } from 'docx'
import type { ComputedStyle } from '../document/styled-tree.js'
import { fontName } from './font-name.js'
import { halfPoints, hex, isVisible } from './units.js'

type Mutable<T> = { -readonly [K in keyof T]: T[K] }
export type RunFormat = Omit<Mutable<IRunOptions>, 'text' | 'children' | 'break'>

export function runFormat(style: ComputedStyle): RunFormat {
  const format: RunFormat = {
    font: fontName(style.fontFamily),
    size: halfPoints(style.fontSize),
    color: hex(style.color),
  }
  if (style.fontWeight >= 600) format.bold = true
  if (style.fontStyle !== 'normal') format.italics = true
  if (style.textDecoration.underline) {
    format.underline = style.textDecoration.color ? { color: hex(style.textDecoration.color) } : {}
  }
  if (style.textDecoration.lineThrough) format.strike = true
  if (style.verticalAlign === 'super') format.superScript = true
  if (style.verticalAlign === 'sub') format.subScript = true
  if (style.textTransform === 'uppercase') format.allCaps = true
  // Word's own small caps (w:smallCaps); all-small-caps has no Word equivalent and gets the same.
  else if (style.fontVariantCaps !== 'normal') format.smallCaps = true
  if (style.letterSpacing !== 0) format.characterSpacing = Math.round(style.letterSpacing * 15)
  return format
}

/** Inline background (a highlighted span) as run shading. */
export function runShading(style: ComputedStyle): RunFormat['shading'] | undefined {
  return isVisible(style.backgroundColor) ? { type: 'clear', color: 'auto', fill: hex(style.backgroundColor) } : undefined
}

export function transformText(text: string, style: ComputedStyle): string {
  switch (style.textTransform) {
    case 'lowercase': return text.toLowerCase()
    case 'capitalize': return text.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
    default: return text
  }
}
