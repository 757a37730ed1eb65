// Word numbering for HTML lists: every <ul>/<ol> gets its own numbering definition, so each ordered
// list counts from its own start and nested lists keep their own marker style at their own level.
import { AlignmentType, LevelFormat, type INumberingOptions } from 'docx'
import type { StyledElement } from '../document/styled-tree.js'

type Format = (typeof LevelFormat)[keyof typeof LevelFormat]

const ORDERED: Record<string, Format> = {
  decimal: LevelFormat.DECIMAL,
  'decimal-leading-zero': LevelFormat.DECIMAL_ZERO,
  'lower-alpha': LevelFormat.LOWER_LETTER,
  'lower-latin': LevelFormat.LOWER_LETTER,
  'upper-alpha': LevelFormat.UPPER_LETTER,
  'upper-latin': LevelFormat.UPPER_LETTER,
  'lower-roman': LevelFormat.LOWER_ROMAN,
  'upper-roman': LevelFormat.UPPER_ROMAN,
}

const BULLETS: Record<string, string> = { disc: '•', circle: '◦', square: '▪' }

/** Left indent of list level `level` in twips (the marker hangs in the last 360). */
export function listIndent(level: number): number {
  return 720 * (level + 1)
}

export interface ListRef { reference: string; level: number }

export class ListNumbering {
  private readonly configs: INumberingOptions['config'][number][] = []

  /** A numbering definition for one list element at nesting level `level` (0-based, max 8). */
  add(list: StyledElement, level: number): ListRef {
    const depth = Math.min(8, level)
    const type = list.style.listStyleType
    const start = Number.parseInt(list.attrs.start ?? '1', 10)
    const ordered = ORDERED[type]
    const reference = `list-${this.configs.length + 1}`
    const levels = Array.from({ length: 9 }, (_, l) => {
      const paragraph = { indent: { left: listIndent(l), hanging: 360 } }
      if (l !== depth) return { level: l, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT, style: { paragraph } }
      if (ordered) {
        return { level: l, format: ordered, text: `%${l + 1}.`, start: Number.isFinite(start) ? start : 1, alignment: AlignmentType.LEFT, style: { paragraph } }
      }
      if (type === 'none') return { level: l, format: LevelFormat.NONE, text: '', alignment: AlignmentType.LEFT, style: { paragraph } }
      return { level: l, format: LevelFormat.BULLET, text: BULLETS[type] ?? (list.tag === 'ol' ? '•' : BULLETS.disc), alignment: AlignmentType.LEFT, style: { paragraph } }
    })
    this.configs.push({ reference, levels })
    return { reference, level: depth }
  }

  config(): INumberingOptions['config'] {
    // docx requires at least one definition when numbering is given at all.
    return this.configs.length > 0 ? this.configs : [{ reference: 'none', levels: [{ level: 0, format: LevelFormat.NONE, text: '' }] }]
  }
}
