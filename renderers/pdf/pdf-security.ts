// Password protection: nothing at all without a password; with one, AES-256 (PDF 1.7 extension level 3)
// and the four permissions mapped one to one. The password may hold Liquid over the task data.
import { randomBytes } from 'node:crypto'
import { RenderError, type RenderLimits, type TemplateSettings } from '../contract.js'
import { renderLiquidString } from '../template/index.js'

export interface PdfSecurity {
  userPassword: string
  ownerPassword: string
  pdfVersion: '1.7ext3'
  permissions: { printing?: 'highResolution'; modifying: boolean; copying: boolean; annotating: boolean }
}

export async function pdfSecurity(settings: TemplateSettings, data: unknown, limits: RenderLimits): Promise<PdfSecurity | null> {
  const s = settings.security
  if (!s.passwordEnabled) return null
  const password = await renderLiquidString(s.password ?? '', data, limits)
  if (!password) {
    throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION', 'settings.security.password is empty (after filling in its variables) while password protection is on')
  }
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
