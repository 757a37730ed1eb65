// The skeleton of a tagged PDF's structure tree, made from the styled tree in document order before anything
// is painted: one node per element with a structure role (layout/structure-role.ts), each knowing its parent
// node and its position in the document. Painting then hangs marked content and link annotations on the
// nodes (content-tags.ts), and write-structure.ts turns the nodes that received any into StructElem objects.
import type { StyledElement } from '../../document/styled-tree.js'
import { structureRole, type StructureRole } from '../../layout/structure-role.js'
import { isDataTable } from './data-table.js'

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
  /**
   * Elements whose first painted position matters: link targets (their id) and bookmarks (outline entries).
   * Painting deletes each one it has placed.
   */
  watched: Map<StyledElement, WatchedElement>
}

/** An outline entry: its element (for the label), its level and its place in document order. */
export interface Bookmark { el: StyledElement; level: number; order: number }

export interface WatchedElement { target: string | null; bookmark: Bookmark | null }

export function structureSkeleton(root: StyledElement): StructureSkeleton {
  const of = new Map<StyledElement, StructNode | typeof ARTIFACT>()
  const linkTargets = new Set<string>()
  const named: Array<[StyledElement, string]> = []
  const bookmarks: Bookmark[] = []
  // bookmark-level on any element lists it; without one, a heading is listed at its own level.
  const bookmark = (el: StyledElement, role: StructureRole | null) => {
    const given = el.style.bookmarkLevel
    const level = given ?? (role && HEADING.test(role) ? Number(role[1]) : 'none')
    if (level !== 'none') bookmarks.push({ el, level, order: bookmarks.length })
  }
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
    if (el.style.bookmarkLevel !== null) bookmark(el, null)
    if (el.tag === 'table' && !isDataTable(el)) { of.set(el, into); pushChildren(el, into, true); continue }
    if (layout && TABLE_PARTS.has(el.tag)) { of.set(el, into); pushChildren(el, into, el.tag !== 'td' && el.tag !== 'th'); continue }
    const href = el.tag === 'a' ? el.attrs.href : undefined
    if (href?.startsWith('#') && href.length > 1) linkTargets.add(decodeFragment(href.slice(1)))
    const name = el.attrs.id ?? (el.tag === 'a' ? el.attrs.name : undefined)
    if (name !== undefined) named.push([el, name])
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
    if (el.style.bookmarkLevel === null) bookmark(el, role)
    pushChildren(el, node)
  }
  const watched = new Map<StyledElement, WatchedElement>()
  for (const [el, name] of named) if (linkTargets.has(name)) watched.set(el, { target: name, bookmark: null })
  for (const b of bookmarks) {
    const seen = watched.get(b.el)
    if (seen) seen.bookmark = b
    else watched.set(b.el, { target: null, bookmark: b })
  }
  return { root: doc, of, linkTargets, watched }
}

const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'th', 'td'])
const HEADING = /^H[1-6]$/

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
