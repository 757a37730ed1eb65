// The template settings every render starts from (the spec's defaults). The service validates and merges
// user settings over these (src/settings.ts); renderers, warm-up and tests start from them too.
import type { TemplateSettings } from './contract.js'

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member)
    Object.freeze(value)
  }
  return value
}

export const DEFAULT_SETTINGS: TemplateSettings = deepFreeze<TemplateSettings>({
  paper: { size: 'A4' },
  orientation: 'portrait',
  printBackground: true,
  // 10 mm ≈ 0.4 in, Chromium's default print margin.
  marginsMm: { top: 10, right: 10, bottom: 10, left: 10 },
  header: { enabled: false, blockId: null },
  footer: { enabled: false, blockId: null },
  cover: { enabled: false },
  security: {
    passwordEnabled: false,
    password: '',
    permitPrint: true,
    permitModify: true,
    permitExtract: true,
    permitAnnotations: true,
  },
  disablePageBreakCalculation: false,
})
