// The skeleton of a tagged PDF's structure tree, made from the styled tree in document order before anything
// is painted: one node per element with a structure role (layout/structure-role.ts), each knowing its parent
// node and its position in the document. Painting then hangs marked content and link annotations on the
// nodes (content-tags.ts), and write-structure.ts turns the nodes that received any into StructElem objects.
import type { StyledElement } from '../../document/styled-tree.js'
import { structureRole, type StructureRole } from '../../layout/structure-role.js'

/** A marked-content sequence on a page (page index in the document, MCID on that page). */
export interface MarkedContent { kind: 'mcid'; page: number; mcid: number }
/** A link annotation (its ref, the page it is on). */
export interface AnnotationKid { kind: 'annot'; page: number; ref: unknown }

export interface StructNode {
  role: Exclude<StructureRole, 'Artifact'>
  el: StyledElement | null
  parent: StructNode | null
  /** Document order: elements in pre-order; a list item's label and body just after their item. */
  order: number
  kids: Array<StructNode | MarkedContent | AnnotationKid>
  /** Already among its parent's kids. */
  placed: boolean
  /** A list item's label (its marker) and body (everything else), made with the item. */
  label?: StructNode
  body?: StructNode
}

/** Content owned by an element inside an aria-hidden or presentational subtree. */
export const ARTIFACT = 'artifact' as const

export interface StructureSkeleton {
  root: StructNode
  /** Every element of the tree → the node its content goes to (its own or its nearest ancestor's), or ARTIFACT. */
  of: Map<StyledElement, StructNode | typeof ARTIFACT>
  /** Ids (and `<a name>`s) that some `href="#…"` points to. */
  linkTargets: Set<string>
}

export function structureSkeleton(root: StyledElement): StructureSkeleton {
  const of = new Map<StyledElement, StructNode | typeof ARTIFACT>()
  const linkTargets = new Set<string>()
  const doc: StructNode = { role: 'Document', el: root, parent: null, order: 0, kids: [], placed: true }
  let order = 1
  // An explicit stack: a document nests as deep as its budget allows, deeper than a call stack likes.
  // `layout`: inside a presentational table, whose rows and cells are layout, not data.
  const stack: Array<{ el: StyledElement; into: StructNode | typeof ARTIFACT; layout: boolean }> = []
  of.set(root, doc)
  const pushChildren = (el: StyledElement, into: StructNode | typeof ARTIFACT, layout = false) => {
    for (let i = el.children.length - 1; i >= 0; i--) {
      const child = el.children[i]
      if (child.kind === 'element') stack.push({ el: child, into, layout })
    }
  }
  pushChildren(root, doc)
  while (stack.length) {
    const { el, into, layout } = stack.pop()!
    if (el.tag === 'table' && isLayoutTable(el)) { of.set(el, into); pushChildren(el, into, true); continue }
    if (layout && TABLE_PARTS.has(el.tag)) { of.set(el, into); pushChildren(el, into, el.tag !== 'td' && el.tag !== 'th'); continue }
    const href = el.tag === 'a' ? el.attrs.href : undefined
    if (href?.startsWith('#') && href.length > 1) linkTargets.add(decodeFragment(href.slice(1)))
    if (into === ARTIFACT) { of.set(el, ARTIFACT); pushChildren(el, ARTIFACT); continue }
    const role = structureRole(el)
    if (role === 'Artifact') { of.set(el, ARTIFACT); pushChildren(el, ARTIFACT); continue }
    if (!role || role === 'Document') { of.set(el, into); pushChildren(el, into); continue }
    const parent = into.body ?? into
    const node: StructNode = { role, el, parent, order: order++, kids: [], placed: false }
    if (role === 'LI') {
      node.label = { role: 'Lbl', el: null, parent: node, order: order++, kids: [], placed: false }
      node.body = { role: 'LBody', el: null, parent: node, order: order++, kids: [], placed: false }
    }
    of.set(el, node)
    pushChildren(el, node)
  }
  return { root: doc, of, linkTargets }
}

const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'th', 'td'])

/**
 * A table used for layout, not data (Chromium's accessibility heuristic, simplified): marked presentational,
 * or without header cells, caption, head or foot and with only one row or one column.
 */
function isLayoutTable(table: StyledElement): boolean {
  const role = table.attrs.role?.trim().toLowerCase()
  if (role === 'presentation' || role === 'none') return true
  if (role === 'table' || role === 'grid' || table.attrs.summary) return false
  let rows = 0
  let maxCells = 0
  // The table's own parts only: what a cell holds (a nested table's header cells) is not this table's.
  const stack = [table]
  while (stack.length) {
    for (const c of stack.pop()!.children) {
      if (c.kind !== 'element' || c.tag === 'table') continue
      if (c.tag === 'caption' || c.tag === 'thead' || c.tag === 'tfoot' || c.tag === 'th') return false
      if (c.tag === 'tr') {
        rows++
        maxCells = Math.max(maxCells, c.children.filter((d) => d.kind === 'element' && (d.tag === 'td' || d.tag === 'th')).length)
        for (const d of c.children) if (d.kind === 'element' && d.tag === 'th') return false
        continue
      }
      if (c.tag !== 'td') stack.push(c)
    }
  }
  return rows <= 1 || maxCells <= 1
}

/** The id an `href="#…"` names (percent-decoded, as a browser matches it). */
export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

/** Puts the node, and every ancestor not yet there, among its parent's kids (first content decides the slot). */
export function place(node: StructNode): void {
  let n: StructNode | null = node
  while (n && !n.placed && n.parent) {
    n.parent.kids.push(n)
    n.placed = true
    n = n.parent
  }
}
