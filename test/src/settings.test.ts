import t, { type Test } from 'tap'
import { DEFAULT_SETTINGS, PAPER_SIZES, paperSizeMm, parseSettings } from '../../src/settings.js'

function rejects(t: Test, input: unknown, message: RegExp, base = DEFAULT_SETTINGS): void {
  t.throws(() => parseSettings(input, base), { code: 'QUIRE_ERR_SETTINGS_INVALID', statusCode: 400, message }, JSON.stringify(input))
}

t.test('defaults: A4 portrait, 10 mm margins, background on, everything optional off', async (t) => {
  t.same(DEFAULT_SETTINGS, {
    paper: { size: 'A4' },
    orientation: 'portrait',
    printBackground: true,
    marginsMm: { top: 10, right: 10, bottom: 10, left: 10 },
    header: { enabled: false, blockId: null },
    footer: { enabled: false, blockId: null },
    cover: { enabled: false },
    security: { passwordEnabled: false, password: '', permitPrint: true, permitModify: true, permitExtract: true, permitAnnotations: true },
    disablePageBreakCalculation: false,
  })
  t.ok(Object.isFrozen(DEFAULT_SETTINGS.marginsMm), 'defaults cannot be mutated by accident')
  t.same(parseSettings({}), DEFAULT_SETTINGS)
  t.same(parseSettings(undefined), DEFAULT_SETTINGS)
  const copy = parseSettings({})
  copy.marginsMm.top = 99
  t.equal(DEFAULT_SETTINGS.marginsMm.top, 10, 'parse returns a copy')
})

t.test('deep merge over the base', async (t) => {
  const s = parseSettings({ marginsMm: { top: 20 }, security: { passwordEnabled: true, password: '{{ pw }}' }, header: { enabled: true, blockId: 'cb_x' } })
  t.same(s.marginsMm, { top: 20, right: 10, bottom: 10, left: 10 })
  t.match(s.security, { passwordEnabled: true, password: '{{ pw }}', permitPrint: true })
  t.same(s.header, { enabled: true, blockId: 'cb_x' })
  const next = parseSettings({ marginsMm: { left: 5 } }, s)
  t.same(next.marginsMm, { top: 20, right: 10, bottom: 10, left: 5 }, 'patch over a non-default base')
  t.equal(next.security.password, '{{ pw }}')
  t.same(parseSettings({ header: { blockId: null } }, s).header, { enabled: true, blockId: null })
})

t.test('Custom paper and cover options', async (t) => {
  const custom = parseSettings({ paper: { size: 'Custom', widthMm: 100, heightMm: 150 } })
  t.same(custom.paper, { size: 'Custom', widthMm: 100, heightMm: 150 })
  t.same(parseSettings({ paper: { size: 'A5' } }, custom).paper, { size: 'A5' }, 'dimensions dropped for a standard size')
  const cover = parseSettings({ cover: { enabled: true, marginsMm: { top: 0 }, hideHeaderFooter: true, orientation: 'landscape' } })
  t.same(cover.cover, { enabled: true, marginsMm: { top: 0, right: 10, bottom: 10, left: 10 }, hideHeaderFooter: true, orientation: 'landscape' })
  t.same(parseSettings({ cover: { marginsMm: null, orientation: null } }, cover).cover, { enabled: true, hideHeaderFooter: true }, 'null clears an optional member')
})

t.test('errors name the field path', async (t) => {
  rejects(t, { paper: { size: 'A7' } }, /^Invalid settings: settings\.paper\.size must be one of A0, A1, A2, A3, A4, A5, A6, B4, B5, Letter, Legal, Tabloid, Ledger, Custom; got "A7"$/)
  rejects(t, { paper: { size: 'Custom' } }, /settings\.paper\.widthMm is required when settings\.paper\.size is Custom/)
  rejects(t, { paper: { size: 'Custom', widthMm: 100 } }, /settings\.paper\.heightMm is required/)
  rejects(t, { paper: { size: 'Custom', widthMm: 2500, heightMm: 100 } }, /settings\.paper\.widthMm must be at most 2000 mm, got 2500/)
  rejects(t, { paper: { size: 'Custom', widthMm: -5, heightMm: 100 } }, /settings\.paper\.widthMm must be a number ≥ 0, got -5/)
  rejects(t, { paper: { size: 'Custom', widthMm: 0, heightMm: 100 } }, /settings\.paper\.widthMm must be at least 1 mm/)
  rejects(t, { paper: { size: 'Custom', widthMm: '100', heightMm: 100 } }, /settings\.paper\.widthMm must be a number of millimetres, got "100"/)
  rejects(t, { marginsMm: { top: -1 } }, /settings\.marginsMm\.top must be a number ≥ 0, got -1/)
  rejects(t, { marginsMm: { top: Number.NaN } }, /settings\.marginsMm\.top must be a number/)
  rejects(t, { marginsMm: { top: 150, bottom: 150 } }, /settings\.marginsMm: top \+ bottom \(300 mm\) must be less than the page height \(297 mm\)/)
  rejects(t, { orientation: 'landscape', marginsMm: { left: 150, right: 150 } }, /settings\.marginsMm: left \+ right \(300 mm\) must be less than the page width \(297 mm\)/)
  rejects(t, { marginsMm: { left: 110, right: 110 } }, /page width \(210 mm\)/)
  rejects(t, { cover: { marginsMm: { top: 300 } } }, /settings\.cover\.marginsMm: top \+ bottom/)
  rejects(t, { orientation: 'sideways' }, /settings\.orientation must be one of portrait, landscape; got "sideways"/)
  rejects(t, { printBackground: 'yes' }, /settings\.printBackground must be true or false, got "yes"/)
  rejects(t, { security: { permitPrint: 1 } }, /settings\.security\.permitPrint must be true or false, got number 1/)
  rejects(t, { security: { password: 42 } }, /settings\.security\.password must be a string, got number 42/)
  rejects(t, { header: { blockId: 7 } }, /settings\.header\.blockId must be a string or null/)
  rejects(t, { colour: 'red' }, /settings\.colour is not a known setting \(known: paper, orientation/)
  rejects(t, { paper: { size: 'A4', colour: 'red' } }, /settings\.paper\.colour is not a known setting \(known: size, widthMm, heightMm\)/)
  rejects(t, { marginsMm: [1, 2, 3, 4] }, /settings\.marginsMm must be an object, got an array/)
  rejects(t, 'A4', /^Invalid settings: settings must be an object/)
  rejects(t, { paper: null }, /settings\.paper must be an object, got null/)
  rejects(t, { ['__proto__']: { polluted: true } }, /not a known setting/)
})

t.test('paperSizeMm applies the orientation', async (t) => {
  const size = (paper: object, orientation: 'portrait' | 'landscape' = 'portrait') =>
    paperSizeMm(parseSettings({ paper, orientation }))
  t.same(size({ size: 'A4' }), { widthMm: 210, heightMm: 297 })
  t.same(size({ size: 'A4' }, 'landscape'), { widthMm: 297, heightMm: 210 })
  t.same(size({ size: 'Letter' }), { widthMm: 215.9, heightMm: 279.4 })
  t.same(size({ size: 'Legal' }), { widthMm: 215.9, heightMm: 355.6 })
  t.same(size({ size: 'Tabloid' }), { widthMm: 279.4, heightMm: 431.8 })
  t.same(size({ size: 'Ledger' }), { widthMm: 431.8, heightMm: 279.4 })
  t.same(size({ size: 'B4' }), { widthMm: 250, heightMm: 353 })
  t.same(size({ size: 'B5' }), { widthMm: 176, heightMm: 250 })
  t.same(size({ size: 'A0' }), { widthMm: 841, heightMm: 1189 })
  t.same(size({ size: 'A6' }), { widthMm: 105, heightMm: 148 })
  t.same(size({ size: 'Custom', widthMm: 80, heightMm: 200 }, 'landscape'), { widthMm: 200, heightMm: 80 })
  const s = parseSettings({})
  t.same(paperSizeMm(s, 'landscape'), { widthMm: 297, heightMm: 210 }, 'explicit orientation (cover page)')
  for (const p of PAPER_SIZES.filter((x) => x !== 'Custom')) t.ok(paperSizeMm({ paper: { size: p }, orientation: 'portrait' }).widthMm > 0, p)
})
