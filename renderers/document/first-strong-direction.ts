// dir=auto (HTML §3.2.6.4): the direction of an element is that of the first strong character of its text,
// skipping descendants that set their own dir and those whose text is not shown (script, style, textarea).
import { bidi } from './bidi.js'
import type { DomElement } from './dom.js'

const SKIPPED = new Set(['script', 'style', 'textarea', 'bdi'])

/** 'rtl' or 'ltr' from the first strong character of the element's text; null when it has none. */
export function firstStrongDirection(el: DomElement): 'ltr' | 'rtl' | null {
  for (const child of el.children) {
    if (child.kind === 'text') {
      for (const ch of child.text) {
        const type = bidi.getBidiCharTypeName(ch)
        if (type === 'L') return 'ltr'
        if (type === 'R' || type === 'AL') return 'rtl'
      }
    } else if (!SKIPPED.has(child.tag) && child.attrs.dir === undefined) {
      const found = firstStrongDirection(child)
      if (found) return found
    }
  }
  return null
}
