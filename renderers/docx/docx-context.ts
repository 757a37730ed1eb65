// What every converter step shares for one document: loaded images, the list numbering being built,
// the width content flows into (for percentages and image fitting), and the warnings to report.
import type { ImageStore } from '../resources/index.js'
import type { ListNumbering } from './list-numbering.js'
import type { Warnings } from '../warnings.js'

export interface DocxContext {
  images: ImageStore
  numbering: ListNumbering
  /** CSS px. */
  contentWidth: number
  warnings: Warnings
}
