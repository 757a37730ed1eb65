import type { SatoriStyle } from './satori-style.js'

/** The React-element-like objects satori takes (no React needed). */
export interface SatoriElement {
  type: string
  props: {
    style?: SatoriStyle
    children?: SatoriChild[]
    src?: string
    width?: number
    height?: number
  }
}
export type SatoriChild = SatoriElement | string

export function element(type: string, style: SatoriStyle, children: SatoriChild[] = []): SatoriElement {
  return { type, props: { style, children } }
}
