// Once the styled tree is built, the parsed body is read for one thing only: where an element's start tag is,
// which source-positions.ts finds by walking up from the element through its parent links and sibling indices.
// Its child lists, text nodes and class lists were selector matching's, and a long document kept them to the
// end of its render beside the styled tree (a statement's cell: its text node and three arrays, one of 17 slots).
// The <head> stays whole: a PDF's metadata is read from its <meta> elements.
import type { DomElement, DomNode } from './dom.js'

// Frozen: an element appended to a released one would fail loudly instead of landing in a shared list.
const NO_NODES = Object.freeze([]) as unknown as DomNode[]
const NO_ELEMENTS = Object.freeze([]) as unknown as DomElement[]
const NO_CLASSES = Object.freeze([]) as unknown as string[]

/** Empties the child lists and class lists of `body` and of every element inside it (an explicit stack: documents nest deeper than calls). */
export function releaseDomContent(body: DomElement): void {
  const stack: DomElement[] = [body]
  while (stack.length) {
    const el = stack.pop()!
    for (const child of el.elementChildren) stack.push(child)
    el.children = NO_NODES
    el.elementChildren = NO_ELEMENTS
    el.classes = NO_CLASSES
  }
}
