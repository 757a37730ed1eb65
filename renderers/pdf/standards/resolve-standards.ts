// The PDF standards a render writes, from settings.pdf: tagging on unless turned off (PDF/UA and PDF/A
// level a need it), the outline on unless turned off, PDF/A's part and level (Factur-X implies PDF/A-3b).
import type { PdfSettings } from '../../contract.js'

export interface PdfStandards {
  tagged: boolean
  outline: boolean
  pdfA: { part: 2 | 3; conformance: 'A' | 'B' | 'U' } | null
  pdfUA: boolean
  strict: boolean
  facturX: NonNullable<PdfSettings['facturX']> | null
}

export function resolveStandards(settings: PdfSettings | undefined): PdfStandards {
  const s = settings ?? {}
  const facturX = s.facturX?.enabled ? s.facturX : null
  const level = s.pdfA ?? (facturX ? 'PDF/A-3b' : null)
  const pdfA = level ? { part: Number(level[6]) as 2 | 3, conformance: level[7].toUpperCase() as 'A' | 'B' | 'U' } : null
  const pdfUA = s.pdfUA === true
  return {
    tagged: s.tagged !== false || pdfUA || pdfA?.conformance === 'A',
    outline: s.outline !== false,
    pdfA,
    pdfUA,
    strict: s.strict === true,
    facturX,
  }
}
