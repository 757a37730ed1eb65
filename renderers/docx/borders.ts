// CSS border sides to Word border definitions (tables, cells and paragraphs share the shape).
import { BorderStyle, type IBorderOptions } from 'docx'
import type { BorderSide } from '../document/styled-tree.js'
import { eighthPoints, hex } from './units.js'

const STYLES: Record<string, IBorderOptions['style']> = {
  solid: BorderStyle.SINGLE,
  dashed: BorderStyle.DASHED,
  dotted: BorderStyle.DOTTED,
  double: BorderStyle.DOUBLE,
  groove: BorderStyle.THREE_D_EMBOSS,
  ridge: BorderStyle.THREE_D_ENGRAVE,
  inset: BorderStyle.INSET,
  outset: BorderStyle.OUTSET,
}

export const NO_BORDER: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: 'auto' }

export function hasBorder(side: BorderSide): boolean {
  return side.width > 0 && side.style !== 'none' && side.style !== 'hidden' && side.color.a > 0
}

export function border(side: BorderSide): IBorderOptions {
  if (!hasBorder(side)) return NO_BORDER
  return { style: STYLES[side.style] ?? BorderStyle.SINGLE, size: eighthPoints(side.width), color: hex(side.color) }
}
