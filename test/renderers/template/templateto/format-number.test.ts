// .NET numeric format strings as TemplateTo's docs show them (filters-tags.md, localization.md) and as
// .NET writes them (standard and custom formats, cultures through Intl).
import t from 'tap'
import { formatNumber } from '../../../../renderers/template/templateto/format-number.js'

const NNBSP = '\u202f'
const NBSP = '\u00a0'

t.test('the examples of the filters page (en-US)', async (t) => {
  t.equal(formatNumber(1234.5, 'C', 'en-US'), '$1,234.50')
  t.equal(formatNumber(123, 'N', 'en-US'), '123.00')
  t.equal(formatNumber(123.456, 'N2', 'en-US'), '123.46')
  t.equal(formatNumber(0.25, 'P', 'en-US'), '25.00%')
  t.equal(formatNumber(1234567.89, '#,##0.00', 'en-US'), '1,234,567.89')
  // The table of common specifiers.
  t.equal(formatNumber(1234.5, 'N', 'en-US'), '1,234.50')
  t.equal(formatNumber(1234.5, 'N0', 'en-US'), '1,235')
  t.equal(formatNumber(1234.5, 'C0', 'en-US'), '$1,235')
  t.equal(formatNumber(0.256, 'P0', 'en-US'), '26%')
  t.equal(formatNumber(1234.5, 'F2', 'en-US'), '1234.50')
})

t.test('the culture tables of the localization page', async (t) => {
  t.equal(formatNumber(1234.5, 'C', 'en-GB'), '£1,234.50')
  t.equal(formatNumber(1234.5, 'C', 'de-DE'), `1.234,50${NBSP}€`)
  t.equal(formatNumber(1234.5, 'C', 'fr-FR'), `1${NNBSP}234,50${NBSP}€`)
  // ICU (and so .NET on Linux) writes the yen sign full-width in Japanese; no decimals for JPY.
  t.match(formatNumber(1234.5, 'C', 'ja-JP'), /^[¥￥]1,235$/)
  t.equal(formatNumber(1234567.89, 'N2', 'en-US'), '1,234,567.89')
  t.equal(formatNumber(1234567.89, 'N2', 'de-DE'), '1.234.567,89')
  t.equal(formatNumber(1234567.89, 'N2', 'fr-FR'), `1${NNBSP}234${NNBSP}567,89`)
  t.equal(formatNumber(1234567, 'N0', 'de-DE'), '1.234.567')
  t.equal(formatNumber(-1234.5, 'C', 'nl-NL'), `€${NBSP}-1.234,50`)
  t.equal(formatNumber(0.25, 'P', 'de-DE'), `25,00${NBSP}%`)
})

t.test('standard formats: D, E, F, G, X, R', async (t) => {
  t.equal(formatNumber(42, 'D6', 'en-US'), '000042')
  t.equal(formatNumber(-42, 'D6', 'en-US'), '-000042')
  t.equal(formatNumber(1234.5678, 'E2', 'en-US'), '1.23E+003')
  t.equal(formatNumber(1052.0329112756, 'E', 'en-US'), '1.052033E+003')
  t.equal(formatNumber(1052.0329112756, 'e2', 'de-DE'), '1,05e+003')
  t.equal(formatNumber(1234.5678, 'F3', 'de-DE'), '1234,568')
  t.equal(formatNumber(255, 'X', 'en-US'), 'FF')
  t.equal(formatNumber(255, 'x4', 'en-US'), '00ff')
  t.equal(formatNumber(-1, 'X', 'en-US'), 'FFFFFFFF')
  t.equal(formatNumber(1234.5, 'G', 'en-US'), '1234.5')
  t.equal(formatNumber(0.00001, 'G', 'en-US'), '1E-05')
  t.equal(formatNumber(1234.5, 'R', 'de-DE'), '1234,5')
  t.throws(() => formatNumber(1.5, 'D', 'en-US'), /needs a whole number/)
  t.throws(() => formatNumber(1.5, 'X', 'en-US'), /needs a whole number/)
})

t.test('custom formats: placeholders, grouping, scaling, percent, sections, literals', async (t) => {
  t.equal(formatNumber(1234567.89, '#,##0.00', 'de-DE'), '1.234.567,89')
  t.equal(formatNumber(0.256, '0.0%', 'en-US'), '25.6%')
  t.equal(formatNumber(42, '00000', 'en-US'), '00042')
  t.equal(formatNumber(-1234.5, '#,##0.00;(#,##0.00)', 'en-US'), '(1,234.50)')
  t.equal(formatNumber(1234.5, '#,##0.00;(#,##0.00)', 'en-US'), '1,234.50')
  t.equal(formatNumber(0, '#,##0.00;(#,##0.00);Zero', 'en-US'), 'Zero')
  t.equal(formatNumber(0.001, '#,##0.00;(#,##0.00);Zero', 'en-US'), 'Zero', 'a value that rounds to zero takes the zero section')
  t.equal(formatNumber(1234567, '#,##0,K', 'en-US'), '1,235K', 'a comma before the end divides by 1000')
  t.equal(formatNumber(5551234567, '(###) ###-####', 'en-US'), '(555) 123-4567')
  t.equal(formatNumber(0.5, '#.00', 'en-US'), '.50')
  t.equal(formatNumber(1, '0.##', 'en-US'), '1')
  t.equal(formatNumber(1.5, '0.##', 'en-US'), '1.5')
  t.equal(formatNumber(12345.678, '0.###E+0', 'en-US'), '1.235E+4')
  t.equal(formatNumber(0, '#', 'en-US'), '')
  t.equal(formatNumber(-0.001, '0.00', 'en-US'), '0.00', 'no minus sign on a value shown as zero')
  t.equal(formatNumber(-5, '0.00', 'en-US'), '-5.00')
  t.equal(formatNumber(1234.5, "'EUR' #,##0.00", 'en-US'), 'EUR 1,234.50')
  t.equal(formatNumber(12, '\\#0', 'en-US'), '#12')
  t.equal(formatNumber(0.125, '0.00', 'en-US'), '0.13', 'midpoints round away from zero, like .NET decimals')
  t.throws(() => formatNumber(1, '0"x', 'en-US'), /unclosed " quote/)
})
