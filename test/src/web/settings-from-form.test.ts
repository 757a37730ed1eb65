import t from 'tap'
import { parseSettings } from '../../../src/settings.js'
import { settingsErrorField, settingsFromForm } from '../../../src/web/settings-from-form.js'

const FULL = {
  'paper.size': 'Custom', 'paper.widthMm': '100', 'paper.heightMm': '150,5', orientation: 'landscape',
  'marginsMm.top': '5', 'marginsMm.right': '6', 'marginsMm.bottom': '7', 'marginsMm.left': '8',
  'header.enabled': 'true', 'header.blockId': 'cb_x', 'footer.blockId': '',
  'cover.enabled': 'true', 'cover.customMargins': 'true', 'cover.hideHeaderFooter': 'true', 'cover.orientation': 'portrait',
  'cover.marginsMm.top': '0', 'cover.marginsMm.right': '0', 'cover.marginsMm.bottom': '0', 'cover.marginsMm.left': '0',
  'security.passwordEnabled': 'true', 'security.password': '{{ pin }}', 'security.permitPrint': 'true',
  disablePageBreakCalculation: 'true',
  // The two default-on PDF boxes, checked as the page shows them.
  'pdf.tagged': 'true', 'pdf.outline': 'true',
}

t.test('every setting of the form maps onto the settings object', async (t) => {
  const settings = parseSettings(settingsFromForm(FULL))
  t.same(settings, {
    paper: { size: 'Custom', widthMm: 100, heightMm: 150.5 },
    orientation: 'landscape',
    printBackground: false,
    marginsMm: { top: 5, right: 6, bottom: 7, left: 8 },
    header: { enabled: true, blockId: 'cb_x' },
    footer: { enabled: false, blockId: null },
    cover: { enabled: true, marginsMm: { top: 0, right: 0, bottom: 0, left: 0 }, hideHeaderFooter: true, orientation: 'portrait' },
    security: { passwordEnabled: true, password: '{{ pin }}', permitPrint: true, permitModify: false, permitExtract: false, permitAnnotations: false },
    disablePageBreakCalculation: true,
  })
})

t.test('unchecked cover margins and "same orientation" clear the optional members', async (t) => {
  const settings = parseSettings(settingsFromForm({ ...FULL, 'paper.size': 'A4', 'cover.customMargins': '', 'cover.orientation': '' }))
  t.same(settings.paper, { size: 'A4' })
  t.same(settings.cover, { enabled: true, hideHeaderFooter: true })
})

t.test('a bad number is passed on as text so the error names the field', async (t) => {
  let message = ''
  try {
    parseSettings(settingsFromForm({ ...FULL, 'marginsMm.left': 'wide' }))
  } catch (error) {
    message = (error as Error).message
  }
  t.match(message, /settings\.marginsMm\.left must be a number of millimetres, got "wide"/)
  t.equal(settingsErrorField(message), 'marginsMm.left')
  t.equal(settingsErrorField('Invalid settings: settings.marginsMm: top + bottom (300 mm) must be less'), 'marginsMm')
})

t.test('the PDF fields and missing variables map onto settings.pdf and settings.missingVariables', async (t) => {
  const settings = parseSettings(settingsFromForm({
    ...FULL, 'security.passwordEnabled': '', missingVariables: 'error',
    'pdf.tagged': '', 'pdf.pdfA': 'PDF/A-3u', 'pdf.lang': 'de-CH', 'pdf.metadata.title': 'Rechnung', 'pdf.metadata.creator': '',
    'pdf.facturX.enabled': 'true', 'pdf.facturX.blockId': 'cb_xml', 'pdf.facturX.level': 'EXTENDED', 'pdf.facturX.documentType': 'ORDER',
  }))
  t.equal(settings.missingVariables, 'error')
  t.same(settings.pdf, {
    tagged: false, pdfA: 'PDF/A-3u', lang: 'de-CH', metadata: { title: 'Rechnung' },
    facturX: { enabled: true, blockId: 'cb_xml', level: 'EXTENDED', documentType: 'ORDER' },
  }, 'an unchecked "tagged" is false; a checked outline and an empty creator stay at their defaults (absent)')
})

t.test('the form at its defaults clears stored PDF settings and missingVariables, and keeps what it does not show', async (t) => {
  const stored = parseSettings({ cultureName: 'de-DE', missingVariables: 'error', pdf: { pdfUA: true, strict: true, metadata: { author: 'Ada' } } })
  const defaults = settingsFromForm({ ...FULL, 'pdf.pdfA': '', 'pdf.facturX.level': 'BASIC', missingVariables: 'warn' })
  t.equal(defaults.pdf, null, 'nothing set: pdf is cleared')
  const settings = parseSettings(defaults, stored)
  t.notOk('pdf' in settings)
  t.notOk('missingVariables' in settings)
  t.equal(settings.cultureName, 'de-DE')
  t.equal(settingsErrorField('Invalid settings: settings.pdf.facturX.blockId is required when …'), 'pdf.facturX.blockId')
})
