// The cascade for one element: which declaration wins for each property. Origins and importance in
// increasing precedence: UA, presentational hints, author, inline style; then author !important, inline
// !important. Within a level, matched rules are already sorted by specificity and source order.
import type { Decl } from './parse-declaration.js'
import type { IndexedRule } from './rule-index.js'
import type { InlineStyle } from './parse-stylesheet.js'

export type Declared = Map<string, Decl>

export function cascade(
  ua: IndexedRule[],
  hints: InlineStyle | null,
  author: IndexedRule[],
  inline: InlineStyle | null,
): Declared {
  const out: Declared = new Map()
  for (let i = 0; i < ua.length; i++) put(out, ua[i].rule.normal)
  if (hints) put(out, hints.normal)
  for (let i = 0; i < author.length; i++) put(out, author[i].rule.normal)
  if (inline) put(out, inline.normal)
  // !important reverses layer order (earlier layers win, layered beats unlayered); the list is sorted by
  // layer, so only a list whose first and last rules differ in layer needs the grouped walk.
  if (author.length > 1 && author[0].layer !== author[author.length - 1].layer) putImportantByLayer(out, author)
  else for (let i = 0; i < author.length; i++) put(out, author[i].rule.important)
  if (inline) put(out, inline.important)
  return out
}

function put(out: Declared, decls: Decl[]): void {
  for (let i = 0; i < decls.length; i++) out.set(decls[i].prop, decls[i])
}

/** Author !important declarations, layer groups from the last (unlayered) to the first, each in order. */
function putImportantByLayer(out: Declared, author: IndexedRule[]): void {
  let end = author.length
  while (end > 0) {
    let start = end - 1
    while (start > 0 && author[start - 1].layer === author[end - 1].layer) start--
    for (let i = start; i < end; i++) put(out, author[i].rule.important)
    end = start
  }
}
