import t from 'tap'
import { parseSelectorList } from '../../../renderers/document/parse-selector.js'
import { neverMatches, subjectKeys } from '../../../renderers/document/selector-keys.js'

const subject = (sel: string) => parseSelectorList(sel)![0].parts[0]

t.test('the subject\'s own id, first class or tag is its one key', async (t) => {
  t.same(subjectKeys(subject('div#a.b')), [{ kind: 'id', name: 'a' }])
  t.same(subjectKeys(subject('ul > li.b.c')), [{ kind: 'class', name: 'b' }])
  t.same(subjectKeys(subject('.x TD')), [{ kind: 'tag', name: 'td' }])
  t.equal(subjectKeys(subject('*')), null)
  t.equal(subjectKeys(subject('[hidden]')), null)
})

t.test(':is() and :where() give their alternatives\' keys, once each; :not() and :has() none', async (t) => {
  t.same(subjectKeys(subject(':where(.dark .card, td, .card)')), [{ kind: 'class', name: 'card' }, { kind: 'tag', name: 'td' }])
  t.same(subjectKeys(subject(':is(:is(#a, p), .b)')), [{ kind: 'id', name: 'a' }, { kind: 'tag', name: 'p' }, { kind: 'class', name: 'b' }])
  t.equal(subjectKeys(subject(':is(.a, *)')), null, 'one alternative any element matches: any element')
  t.equal(subjectKeys(subject(':not(.a)')), null)
  t.equal(subjectKeys(subject(':has(.a)')), null)
  t.same(subjectKeys(subject(':is(::before)')), [], 'only pseudo-elements: no element matches')
})

t.test('a compound with a pseudo-class that never matches makes the selector never match', async (t) => {
  t.ok(neverMatches(parseSelectorList('.a:hover')![0]))
  t.ok(neverMatches(parseSelectorList('.a:focus .b')![0]), 'in any compound')
  t.notOk(neverMatches(parseSelectorList('.a:not(:hover)')![0]), ':not(:hover) matches')
  t.notOk(neverMatches(parseSelectorList('.a:first-child')![0]))
})
