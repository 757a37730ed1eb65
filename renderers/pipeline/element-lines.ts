// Where a warning finds an element: its start tag's line and column in the HTML laid out (found on demand,
// document/source-positions.ts), then the line the author edits — the HTML's own, or the template's that
// wrote it (template/template-origins.ts).
import type { ElementLines, SourceLines } from '../element-name.js'
import type { DomElement } from '../document/dom.js'
import { sourcePositions } from '../document/source-positions.js'

export function elementLines(html: string, root: DomElement, lines: SourceLines): ElementLines {
  const positions = sourcePositions(html, root)
  return (el) => {
    const at = positions(el)
    return at ? lines(at.line, at.col) : null
  }
}
