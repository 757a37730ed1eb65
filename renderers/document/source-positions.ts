// Where an element's start tag is in the HTML laid out, found when something asks (a warning naming the
// element, the layout dump with lines): the HTML is parsed again with parse5's locations, which a render does
// not pay for (parse-html.ts), and the element is found in that tree by its path of child indices — the same
// conversion builds the same tree. Parsed once per document, on the first question.
import type { DomElement } from './dom.js'
import { parseHtml } from './parse-html.js'
import type { StyledElement } from './styled-tree.js'

export interface SourcePosition { line: number; col: number }

/** `root`: the document's parsed <html>; an element of another document (a header band) has no position here. */
export function sourcePositions(html: string, root: DomElement): (el: StyledElement) => SourcePosition | null {
  let located: DomElement | null = null
  return (el) => {
    const path: number[] = []
    let node = el.source
    while (node && node.parent) { path.push(node.index); node = node.parent }
    if (node !== root) return null
    located ??= parseHtml(html, { locations: true }).root
    let at: DomElement | undefined = located
    for (let i = path.length - 1; i >= 0 && at; i--) at = at.elementChildren[path[i]]
    return at && at.line > 0 ? { line: at.line, col: at.col } : null
  }
}
