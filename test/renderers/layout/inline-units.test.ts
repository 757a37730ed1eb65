// Units are cut once per inline item list and shared between intrinsic sizing and layout passes; the shared
// list must come out as a fresh cut would, and measuring must not depend on which style object asked.
import t from 'tap'
import { defaultStyle } from '../../../renderers/document/default-style.js'
import type { InlineItem } from '../../../renderers/layout/boxes.js'
import { codePoints, inlineUnits, measureText, type Unit } from '../../../renderers/layout/inline-units.js'
import { fontStore } from '../../../renderers/fonts/font-store.js'
import { collapseInlineWhitespace } from '../../../renderers/layout/collapse-inline-whitespace.js'

const fonts = fontStore()
const noAtomics = () => { throw new Error('no atomic boxes here') }
const text = (s: string, style = defaultStyle()): InlineItem => ({ kind: 'text', text: s, style, link: null, decoration: null })
const summary = (items: InlineItem[], cbWidth = 0) =>
  inlineUnits(items, fonts, cbWidth, noAtomics, defaultStyle()).map((u) => `${u.kind}:${u.kind === 'text' ? u.text : ''}:${u.width.toFixed(3)}:${u.canBreakAfter}`)

t.test('a second call returns the same units as a fresh cut of equal items', async (t) => {
  const make = (): InlineItem[] => {
    const bold = { ...defaultStyle(), fontWeight: 700 as const }
    return [text('Consulting service, '), { kind: 'open', style: bold, link: null, el: null }, text('item 12', bold), { kind: 'close', style: bold }, text(' and more')]
  }
  const items = make()
  const first = summary(items)
  t.same(summary(items, 500), first, 'same list for layout as for intrinsic sizing')
  t.same(summary(make()), first, 'same as other equal items')
  t.same(first.filter((u) => u.startsWith('text')).length, 7)
})

t.test('edges with percentages are measured against each containing block', async (t) => {
  const padded = { ...defaultStyle(), paddingLeft: { px: 0, pct: 10 } }
  const items: InlineItem[] = [{ kind: 'open', style: padded, link: null, el: null }, text('x'), { kind: 'close', style: padded }]
  t.equal(inlineUnits(items, fonts, 100, noAtomics, defaultStyle())[0].width, 10)
  t.equal(inlineUnits(items, fonts, 300, noAtomics, defaultStyle())[0].width, 30)
})

t.test('an atomic box is measured on every call and opens a break before it', async (t) => {
  const style = defaultStyle()
  const items: InlineItem[] = [text('ab', style), { kind: 'atomic', box: {} as never, style, link: null }]
  let calls = 0
  const width = () => { calls++; return 40 }
  for (let i = 0; i < 2; i++) {
    const units = inlineUnits(items, fonts, 0, width, style)
    t.same(units.map((u) => [u.kind, u.canBreakAfter]), [['text', true], ['atomic', true]])
  }
  t.equal(calls, 2)
})

t.test('white-space: nowrap of the container or the open inline keeps the breaks beside an atomic box closed', async (t) => {
  const nowrap = { ...defaultStyle(), whiteSpace: 'nowrap' as const }
  const atomic: InlineItem = { kind: 'atomic', box: {} as never, style: defaultStyle(), link: null }
  const kinds = (units: readonly Unit[]) => units.map((u) => [u.kind, u.canBreakAfter])
  t.same(kinds(inlineUnits([atomic, atomic], fonts, 0, () => 40, nowrap)), [['atomic', false], ['atomic', false]], 'the container rules outside any inline')
  const inSpan: InlineItem[] = [{ kind: 'open', style: nowrap, link: null, el: null }, atomic, atomic, { kind: 'close', style: nowrap }, atomic]
  t.same(kinds(inlineUnits(inSpan, fonts, 0, () => 40, defaultStyle())), [['open', false], ['atomic', false], ['atomic', false], ['close', true], ['atomic', true]],
    'inside a nowrap span no break; after it, the container\'s')
})

t.test('styles that measure alike share measurements, others do not', async (t) => {
  const a = defaultStyle()
  const spaced = { ...defaultStyle(), letterSpacing: 2 }
  const plain = inlineUnits([text('Total: 42 EUR', a)], fonts, 0, noAtomics, defaultStyle())
  const wide = inlineUnits([text('Total: 42 EUR', spaced)], fonts, 0, noAtomics, defaultStyle())
  t.ok(wide[0].width > plain[0].width)
  t.equal(wide[0].width - measureText(fonts, spaced, 'Total: ').width, 0)
  const again = inlineUnits([text('Total: 42 EUR', defaultStyle())], fonts, 0, noAtomics, defaultStyle())
  const spans = (u: Unit) => (u.kind === 'text' ? u.spans : null)
  t.equal(spans(again[0]), spans(plain[0]), 'an equal style object finds the measurement')
})

t.test('code points count surrogate pairs once, lone surrogates once each', async (t) => {
  for (const s of ['', 'abc', '😀', 'a😀b', '\ud83d', '\ude00x', 'x\ud83d', '😀😀\ud83d']) t.equal(codePoints(s), [...s].length, JSON.stringify(s))
})

t.test('white space that needs no collapsing is kept as it is', async (t) => {
  const out = (s: string) => collapseInlineWhitespace([text(s)]).map((i) => (i.kind === 'text' ? i.text : i.kind))
  t.same(out('a b c'), ['a b c'])
  t.same(out(' a  b\tc\n'), ['a b c '])
  t.same(out('a\fb\rc'), ['a b c'])
})
