// Right-to-left selector matching over the light DOM.
import type { DomElement } from './dom.js'
import type { AttrTest, Complex, Compound, Pseudo } from './parse-selector.js'

export function matchesComplex(sel: Complex, el: DomElement): boolean {
  return matchFrom(sel, 0, el)
}

function matchFrom(sel: Complex, idx: number, el: DomElement): boolean {
  if (!matchesCompound(sel.parts[idx], el)) return false
  if (idx === sel.parts.length - 1) return true
  const next = idx + 1
  switch (sel.combinators[idx]) {
    case '>':
      return el.parent !== null && matchFrom(sel, next, el.parent)
    case ' ':
      for (let p = el.parent; p !== null; p = p.parent) if (matchFrom(sel, next, p)) return true
      return false
    case '+': {
      const prev = el.parent && el.index > 0 ? el.parent.elementChildren[el.index - 1] : null
      return prev !== null && matchFrom(sel, next, prev)
    }
    case '~': {
      if (!el.parent) return false
      const sibs = el.parent.elementChildren
      for (let i = el.index - 1; i >= 0; i--) if (matchFrom(sel, next, sibs[i])) return true
      return false
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
 * :has(): some element after the anchor in tree order (its descendants, or for `+`/`~` its following
 * siblings and their subtrees) matches a relative selector. Walks the subtree once per test: :has() is
 * rare and documents are small, and the matched-list cache keeps repeated elements cheap.
 */
function matchesHas(list: Complex[], el: DomElement): boolean {
  const saved = hasAnchor
  hasAnchor = el
  try {
    let siblings = false
    for (let i = 0; i < list.length; i++) {
      const c = list[i].combinators[list[i].combinators.length - 1]
      if (c === '+' || c === '~') siblings = true
    }
    if (someInSubtrees(el.elementChildren, 0, list)) return true
    return siblings && el.parent !== null && someInSubtrees(el.parent.elementChildren, el.index + 1, list)
  } finally {
    hasAnchor = saved
  }
}

function someInSubtrees(nodes: DomElement[], from: number, list: Complex[]): boolean {
  for (let i = from; i < nodes.length; i++) {
    if (matchesSome(list, nodes[i])) return true
    if (someInSubtrees(nodes[i].elementChildren, 0, list)) return true
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
