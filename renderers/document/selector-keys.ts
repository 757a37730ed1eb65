// What an element must have for a selector to match it, as the rule index files rules (rule-index.ts): a
// selector that can never match is filed nowhere, and one whose subject names no id, class or tag itself but
// sits in an :is() / :where() (what CSS nesting and Tailwind write: `:where(.dark .card)`, `:is(td, th)`)
// under the keys of its alternatives, so that an element without any of them never tests it.
import type { Complex, Compound } from './parse-selector.js'

export interface SubjectKey { kind: 'id' | 'class' | 'tag'; name: string }

/** Whether a compound of the selector holds a pseudo-class that never matches (:hover, :focus, an unknown one). */
export function neverMatches(sel: Complex): boolean {
  return sel.parts.some((c) => c.pseudos.some((p) => p.k === 'never'))
}

/**
 * The keys one of which an element must have for `c` to match it: its id, first class or tag; else those of an
 * :is() every alternative of which has keys (an alternative with a pseudo-element matches no element: none).
 * null: any element could match. [] : none can.
 */
export function subjectKeys(c: Compound): SubjectKey[] | null {
  if (c.id !== null) return [{ kind: 'id', name: c.id }]
  if (c.classes.length > 0) return [{ kind: 'class', name: c.classes[0] }]
  if (c.tag !== null) return [{ kind: 'tag', name: c.tag }]
  for (const p of c.pseudos) {
    if (p.k !== 'is') continue
    const keys = alternativeKeys(p.list)
    if (keys !== null) return keys
  }
  return null
}

function alternativeKeys(list: Complex[]): SubjectKey[] | null {
  const keys: SubjectKey[] = []
  for (const alt of list) {
    if (alt.pseudoElement !== null) continue
    const own = subjectKeys(alt.parts[0])
    if (own === null) return null
    for (const k of own) if (!keys.some((x) => x.kind === k.kind && x.name === k.name)) keys.push(k)
  }
  return keys
}
