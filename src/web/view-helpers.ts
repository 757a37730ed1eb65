// Formatting shared by the eta pages (passed to every view as `it.h`).
import { FACTUR_X_DOCUMENT_TYPES, FACTUR_X_LEVELS, PAPER_SIZES, PAPER_SIZES_MM, PDF_A_LEVELS } from '../settings.js'

const UNITS: [number, string][] = [[60, 'second'], [60, 'minute'], [24, 'hour'], [30, 'day'], [12, 'month'], [Infinity, 'year']]

export const viewHelpers = {
  /** `2024-05-01 14:03 UTC`: unambiguous for every reader, whatever their locale. */
  dateTime(iso: string | null | undefined): string {
    if (!iso) return ''
    const d = new Date(iso)
    return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  },

  /** `3 minutes ago`; the exact time goes in a title/datetime attribute beside it. */
  ago(iso: string | null | undefined, now = Date.now()): string {
    if (!iso) return 'never'
    let delta = Math.max(0, (now - Date.parse(iso)) / 1000)
    if (delta < 10) return 'just now'
    for (const [size, unit] of UNITS) {
      if (delta < size) {
        const n = Math.floor(delta)
        return `${n} ${unit}${n === 1 ? '' : 's'} ago`
      }
      delta /= size
    }
    return ''
  },

  paperSizes: PAPER_SIZES,
  paperLabel(size: string): string {
    const mm = (PAPER_SIZES_MM as Record<string, { widthMm: number; heightMm: number }>)[size]
    return mm ? `${size} (${mm.widthMm} × ${mm.heightMm} mm)` : 'Custom size'
  },

  pdfALevels: PDF_A_LEVELS,
  facturXLevels: FACTUR_X_LEVELS,
  facturXDocumentTypes: FACTUR_X_DOCUMENT_TYPES,

  plural(n: number, word: string): string {
    return `${n} ${word}${n === 1 ? '' : 's'}`
  },
}

export type ViewHelpers = typeof viewHelpers
