// The front-end's own light DOM: parent links, element-only child lists and sibling indices, so that
// selector matching walks arrays instead of asking node-html-parser to recompute them.

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
    classes: cls ? cls.split(/[ \t\n\r\f]+/).filter(Boolean) : [],
    parent,
    children: [],
    elementChildren: [],
    index: 0,
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
