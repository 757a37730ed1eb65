// Minimal typings for the two untyped packages the layout engine and fonts use (only the members we call).

declare module 'fontkit' {
  export interface Glyph { id: number; advanceWidth: number; codePoints: number[] }
  export interface GlyphPosition { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth?: number }
  export interface GlyphRun { glyphs: Glyph[]; positions: GlyphPosition[]; advanceWidth: number }
  export interface Font {
    unitsPerEm: number
    ascent: number
    descent: number
    lineGap: number
    underlinePosition: number
    underlineThickness: number
    xHeight: number
    capHeight: number
    postscriptName: string
    /** direction: fontkit otherwise takes the direction of the text's script (and reverses right-to-left runs). */
    layout(text: string, features?: unknown, script?: string, language?: string, direction?: 'ltr' | 'rtl'): GlyphRun
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font
}

declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string)
    nextBreak(): { position: number; required: boolean } | null
  }
}
