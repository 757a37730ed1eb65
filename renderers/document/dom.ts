// The front-end's own light DOM: parent links, element-only child lists and sibling indices, so that
// selector matching walks arrays instead of asking the parser's tree to recompute them.

export interface DomElement {
  kind: 'element'
  /** Lower-case tag name. */
  tag: string
  /** Lower-case attribute names, entity-decoded values. */
  attrs: Record<string, string>
  id: string
  classes: string[]
  parent: DomElement | null
  children: DomNode[]
  elementChildren: DomElement[]
  /** Position in parent.elementChildren. */
  index: number
  /** Where its start tag begins (line and column from 1) when parsed with locations; else, and when implied, 0. */
  line: number
  col: number
}

export interface DomText { kind: 'text'; text: string }

export type DomNode = DomElement | DomText

export function createElement(tag: string, attrs: Record<string, string>, parent: DomElement | null): DomElement {
  const cls = attrs.class
  return {
    kind: 'element',
    tag,
    attrs,
    id: attrs.id ?? '',
    classes: cls ? splitClasses(cls) : [],
    parent,
    children: [],
    elementChildren: [],
    index: 0,
    line: 0,
    col: 0,
  }
}

export function appendChild(parent: DomElement, child: DomNode): void {
  if (child.kind === 'element') {
    child.parent = parent
    child.index = parent.elementChildren.length
    parent.elementChildren.push(child)
  }
  parent.children.push(child)
}

/** The class attribute's names, split on HTML whitespace (without the regex split's empty pieces and extra array). */
function splitClasses(value: string): string[] {
  const out: string[] = []
  let start = -1
  for (let i = 0; i <= value.length; i++) {
    const c = i < value.length ? value.charCodeAt(i) : 32
    const space = c === 32 || c === 9 || c === 10 || c === 13 || c === 12
    if (!space) { if (start < 0) start = i }
    else if (start >= 0) { out.push(value.slice(start, i)); start = -1 }
  }
  return out
}
