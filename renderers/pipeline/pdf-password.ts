// The PDF password may hold Liquid over the task data (`pw-{{ customer.pin }}`): filled in here, with the
// template stage, so that the PDF painter only encrypts.
import { RenderError, type RenderLimits, type TemplateSettings } from '../contract.js'
import { renderLiquidString } from '../template/index.js'

/** Null when password protection is off. */
export async function pdfPassword(settings: TemplateSettings, data: unknown, limits: RenderLimits): Promise<string | null> {
  const s = settings.security
  if (!s.passwordEnabled) return null
  const password = await renderLiquidString(s.password ?? '', data, limits)
  if (!password) {
    throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION', 'settings.security.password is empty (after filling in its variables) while password protection is on')
  }
  return password
}
