// The per-worker caches of parsed stylesheets and author indexes (renderers/document/parse-stylesheet.ts,
// rule-index.ts): keyed by a digest of the CSS, so equal texts share one entry and any difference — in the
// text, a sheet's media attribute or where one sheet ends — is another entry.
import t from 'tap'
import { parseStylesheet } from '../../../renderers/document/parse-stylesheet.js'
import { buildRuleIndex } from '../../../renderers/document/rule-index.js'

const print = { type: 'print' as const, width: 794, height: 1123 }

t.test('an equal CSS text, built anew, finds the parsed sheet and the index already there', async (t) => {
  const css = () => ['p { color: red }', ' .x { margin: 1px }'].join('')
  t.equal(parseStylesheet(css()), parseStylesheet(css()))
  const a = buildRuleIndex([{ text: css(), media: '' }], print, parseStylesheet)
  t.equal(buildRuleIndex([{ text: css(), media: '' }], print, parseStylesheet), a)
  t.not(buildRuleIndex([{ text: css(), media: '' }], { ...print, type: 'screen' }, parseStylesheet), a, 'another media context')
  t.not(parseStylesheet('p { color: blue }'), parseStylesheet('p { color: red }'))
})

t.test('sheets that join to the same text, or differ only in their media attribute, are different indexes', async (t) => {
  const one = buildRuleIndex([{ text: 'p { color: red } b { color: blue }', media: '' }], print, parseStylesheet)
  const two = buildRuleIndex([{ text: 'p { color: red }', media: '' }, { text: ' b { color: blue }', media: '' }], print, parseStylesheet)
  t.not(one, two)
  t.equal(two.sheets.length, 2)
  const screenOnly = buildRuleIndex([{ text: 'p { color: red }', media: 'screen' }], print, parseStylesheet)
  const all = buildRuleIndex([{ text: 'p { color: red }', media: '' }], print, parseStylesheet)
  t.not(screenOnly, all)
  t.equal(screenOnly.index, screenOnly.index)
  t.equal(all.sheets[0], screenOnly.sheets[0], 'the one text is parsed once')
})

t.test('a sheet larger than its cache may hold is parsed again on each use, and parsed the same', async (t) => {
  // 8 MB is the most one parsed sheet may be estimated at to be kept (2 bytes a character, 600 a selector).
  const css = Array.from({ length: 7000 }, (_, i) => `.c${i} { color: red; margin: ${i}px }`).join('\n')
  const first = parseStylesheet(css)
  const second = parseStylesheet(css)
  t.not(first, second, 'not kept')
  t.same(second.rules.length, first.rules.length)
  t.equal(first.rules.length, 7000)
})

t.test('a source asked again is the same index; given another text, another one', async (t) => {
  // The text's digest is kept with the source object (a render asks two or three times), for as long as its text is the same.
  const source = { text: 'p { color: red }', media: '' }
  const red = buildRuleIndex([source], print, parseStylesheet)
  t.equal(buildRuleIndex([source], print, parseStylesheet), red)
  source.text = 'p { color: blue }'
  const blue = buildRuleIndex([source], print, parseStylesheet)
  t.not(blue, red)
  t.equal(blue.sheets[0], parseStylesheet('p { color: blue }'))
})
