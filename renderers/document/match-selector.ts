// Right-to-left selector matching over the light DOM.
import type { DomElement } from './dom.js'
import type { AttrTest, Complex, Compound, Pseudo } from './parse-selector.js'

export function matchesComplex(sel: Complex, el: DomElement): boolean {
  return matchFrom(sel, 0, el) === MATCHES
}

// As Blink's SelectorChecker: a failure says how far it rules out. FAILS_LOCALLY: another element reached
// the same way may still match. FAILS_ALL_SIBLINGS: no earlier sibling can (they share what lies left of
// here). FAILS_COMPLETELY: no ancestor can either, so a descendant combinator stops walking up. Without it
// `p div div div div div div div span` over 200 nested divs and no <p> tries every choice of 7 ancestors.
const MATCHES = 0
const FAILS_LOCALLY = 1
const FAILS_ALL_SIBLINGS = 2
const FAILS_COMPLETELY = 3
type Match = 0 | 1 | 2 | 3

function matchFrom(sel: Complex, idx: number, el: DomElement): Match {
  if (!matchesCompound(sel.parts[idx], el)) return FAILS_LOCALLY
  if (idx === sel.parts.length - 1) return MATCHES
  const next = idx + 1
  switch (sel.combinators[idx]) {
    case '>':
      return el.parent === null ? FAILS_COMPLETELY : matchFrom(sel, next, el.parent)
    case ' ':
      for (let p = el.parent; p !== null; p = p.parent) {
        const m = matchFrom(sel, next, p)
        if (m === MATCHES || m === FAILS_COMPLETELY) return m
      }
      return FAILS_COMPLETELY
    case '+': {
      const prev = el.parent && el.index > 0 ? el.parent.elementChildren[el.index - 1] : null
      return prev === null ? FAILS_ALL_SIBLINGS : matchFrom(sel, next, prev)
    }
    case '~': {
      if (!el.parent) return FAILS_ALL_SIBLINGS
      const sibs = el.parent.elementChildren
      for (let i = el.index - 1; i >= 0; i--) {
        const m = matchFrom(sel, next, sibs[i])
        if (m !== FAILS_LOCALLY) return m
      }
      return FAILS_ALL_SIBLINGS
    }
  }
}

function matchesCompound(c: Compound, el: DomElement): boolean {
  if (c.tag !== null && c.tag !== el.tag) return false
  if (c.id !== null && c.id !== el.id) return false
  for (let i = 0; i < c.classes.length; i++) if (!el.classes.includes(c.classes[i])) return false
  for (let i = 0; i < c.attrs.length; i++) if (!matchesAttr(c.attrs[i], el)) return false
  for (let i = 0; i < c.pseudos.length; i++) if (!matchesPseudo(c.pseudos[i], el)) return false
  return true
}

function matchesAttr(t: AttrTest, el: DomElement): boolean {
  let v = el.attrs[t.name]
  if (v === undefined) return false
  if (t.op === '') return true
  let want = t.value
  if (t.caseInsensitive) { v = v.toLowerCase(); want = want.toLowerCase() }
  switch (t.op) {
    case '=': return v === want
    case '~=': return want !== '' && v.split(/[ \t\n\r\f]+/).includes(want)
    case '^=': return want !== '' && v.startsWith(want)
    case '$=': return want !== '' && v.endsWith(want)
    case '*=': return want !== '' && v.includes(want)
    case '|=': return isLangPrefix(v, want)
  }
}

const FORM_CONTROLS = new Set(['input', 'button', 'select', 'textarea', 'option', 'optgroup', 'fieldset'])

function matchesPseudo(p: Pseudo, el: DomElement): boolean {
  switch (p.k) {
    case 'nth': return matchesNth(p, el)
    case 'only': {
      if (!el.parent) return true
      const sibs = el.parent.elementChildren
      if (!p.ofType) return sibs.length === 1
      for (let i = 0; i < sibs.length; i++) if (sibs[i] !== el && sibs[i].tag === el.tag) return false
      return true
    }
    case 'not': return !matchesAny(p.list, el)
    case 'is': return matchesAny(p.list, el)
    case 'root': return el.parent === null
    case 'empty': {
      for (let i = 0; i < el.children.length; i++) {
        const n = el.children[i]
        if (n.kind !== 'text' || n.text !== '') return false
      }
      return true
    }
    case 'link': return (el.tag === 'a' || el.tag === 'area') && el.attrs.href !== undefined
    case 'checked': return (el.tag === 'input' && el.attrs.checked !== undefined) || (el.tag === 'option' && el.attrs.selected !== undefined)
    case 'disabled': return FORM_CONTROLS.has(el.tag) && el.attrs.disabled !== undefined
    case 'enabled': return FORM_CONTROLS.has(el.tag) && el.attrs.disabled === undefined
    case 'required': return FORM_CONTROLS.has(el.tag) && el.attrs.required !== undefined
    case 'optional': return FORM_CONTROLS.has(el.tag) && el.attrs.required === undefined
    case 'lang': {
      for (let e: DomElement | null = el; e; e = e.parent) {
        const l = e.attrs.lang
        if (l !== undefined) return isLangPrefix(l.toLowerCase(), p.v)
      }
      return false
    }
    case 'has': return matchesHas(p.list, el)
    case 'anchor': return el === hasAnchor
    case 'never': return false
  }
}

/** The element whose :has() is being tested; its arguments' leftmost compound matches only this one. */
let hasAnchor: DomElement | null = null

/**
 * :has() answers of the current style pass, per relative selector and element: nested :has() would
 * otherwise test each inner one again for every outer candidate (`div:has(div:has(div:has(span)))` over
 * 200 nested divs took seconds, a level more minutes). Only within withHasMemo(): the DOM does not change
 * there, and the answers go with it.
 */
let hasMemo: Map<Complex, Map<DomElement, boolean>> | null = null

/** Runs a style pass over one unchanging DOM with :has() answers remembered. */
export function withHasMemo<T>(run: () => T): T {
  const saved = hasMemo
  hasMemo = new Map()
  try {
    return run()
  } finally {
    hasMemo = saved
  }
}

/**
 * :has(): some element after the anchor in tree order (its descendants, or for `+`/`~` its following
 * siblings and their subtrees) matches one of the relative selectors.
 */
function matchesHas(list: Complex[], el: DomElement): boolean {
  for (let i = 0; i < list.length; i++) if (matchesRelative(list[i], el)) return true
  return false
}

function matchesRelative(rel: Complex, el: DomElement): boolean {
  let memo: Map<DomElement, boolean> | undefined
  if (hasMemo !== null) {
    memo = hasMemo.get(rel)
    if (memo === undefined) hasMemo.set(rel, memo = new Map())
    const known = memo.get(el)
    if (known !== undefined) return known
  }
  const result = descendantCompound(rel) ? descendantMatches(rel, el, memo) : relativeMatches(rel, el)
  memo?.set(el, result)
  return result
}

/** `:has(X)` with X one compound: whether an element holds a match does not depend on the anchor. */
function descendantCompound(rel: Complex): boolean {
  return rel.parts.length === 2 && rel.combinators[0] === ' '
}

/**
 * Some descendant of `el` matches the compound: a child does, or holds one. With the memo each element is
 * asked once per selector, so the whole pass is linear in the document, not in its depth × size.
 */
function descendantMatches(rel: Complex, el: DomElement, memo: Map<DomElement, boolean> | undefined): boolean {
  const children = el.elementChildren
  for (let i = 0; i < children.length; i++) {
    const c = children[i]
    if (matchesCompound(rel.parts[0], c)) return true
    const known = memo?.get(c)
    if (known === true) return true
    if (known === false) continue
    const inside = descendantMatches(rel, c, memo)
    memo?.set(c, inside)
    if (inside) return true
  }
  return false
}

function relativeMatches(rel: Complex, el: DomElement): boolean {
  const saved = hasAnchor
  hasAnchor = el
  try {
    const c = rel.combinators[rel.combinators.length - 1]
    if (someInSubtrees(el.elementChildren, 0, rel)) return true
    return (c === '+' || c === '~') && el.parent !== null && someInSubtrees(el.parent.elementChildren, el.index + 1, rel)
  } finally {
    hasAnchor = saved
  }
}

function someInSubtrees(nodes: DomElement[], from: number, rel: Complex): boolean {
  for (let i = from; i < nodes.length; i++) {
    if (matchesComplex(rel, nodes[i])) return true
    if (someInSubtrees(nodes[i].elementChildren, 0, rel)) return true
  }
  return false
}

function matchesNth(p: Extract<Pseudo, { k: 'nth' }>, el: DomElement): boolean {
  const parent = el.parent
  let pos: number // 1-based position among the counted siblings
  if (!parent) pos = 1
  else if (!p.ofType && p.of === null) {
    pos = p.last ? parent.elementChildren.length - el.index : el.index + 1
  } else {
    if (p.of !== null && !matchesSome(p.of, el)) return false
    const sibs = parent.elementChildren
    pos = 1
    if (p.last) { for (let i = el.index + 1; i < sibs.length; i++) if (countsForNth(p, el, sibs[i])) pos++ }
    else { for (let i = 0; i < el.index; i++) if (countsForNth(p, el, sibs[i])) pos++ }
  }
  if (p.a === 0) return pos === p.b
  const n = (pos - p.b) / p.a
  return Number.isInteger(n) && n >= 0
}

/** `value` is `prefix` or starts with `prefix-` (without building that string per test). */
function isLangPrefix(value: string, prefix: string): boolean {
  return value === prefix || (value.length > prefix.length && value.charCodeAt(prefix.length) === 45 && value.startsWith(prefix))
}

// Plain loops rather than some()/every() with arrow functions: a closure over `el` costs an allocation
// per test, and these run for every candidate element.

/** Whether `sibling` is one of the siblings :nth-*(… of S) / :nth-*-of-type counts for `el`. */
function countsForNth(p: Extract<Pseudo, { k: 'nth' }>, el: DomElement, sibling: DomElement): boolean {
  return p.ofType ? sibling.tag === el.tag : matchesSome(p.of!, sibling)
}

function matchesSome(list: Complex[], el: DomElement): boolean {
  for (let i = 0; i < list.length; i++) if (matchesComplex(list[i], el)) return true
  return false
}

/** :is() / :not() arguments: selectors with a pseudo-element never match an element. */
function matchesAny(list: Complex[], el: DomElement): boolean {
  for (let i = 0; i < list.length; i++) if (list[i].pseudoElement === null && matchesComplex(list[i], el)) return true
  return false
}
