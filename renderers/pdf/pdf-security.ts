// Password protection: nothing at all without a password; with one, AES-256 (PDF 1.7 extension level 3)
// and the four permissions mapped one to one. The password comes filled in (renderers/pipeline/pdf-password.ts).
import { randomBytes } from 'node:crypto'
import type { TemplateSettings } from '../contract.js'

export interface PdfSecurity {
  userPassword: string
  ownerPassword: string
  pdfVersion: '1.7ext3'
  permissions: { printing?: 'highResolution'; modifying: boolean; copying: boolean; annotating: boolean }
}

export function pdfSecurity(settings: TemplateSettings, password: string | null): PdfSecurity | null {
  if (password === null) return null
  const s = settings.security
  return {
    userPassword: password,
    // A separate, unguessable owner password: opening with the user password must not lift the restrictions.
    ownerPassword: randomBytes(24).toString('hex'),
    pdfVersion: '1.7ext3',
    permissions: {
      ...(s.permitPrint ? { printing: 'highResolution' as const } : {}),
      modifying: !!s.permitModify,
      copying: !!s.permitExtract,
      annotating: !!s.permitAnnotations,
    },
  }
}
