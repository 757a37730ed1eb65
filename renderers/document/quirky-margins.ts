// Chromium's quirks-mode margin rule (documents without a doctype): the UA's top margins of p, h1–h6,
// lists, blockquote and pre (html.css writes them in `__qem`, "quirky em") are ignored at the top of a
// "quirky container" — <body> and table cells — and the UA bottom margins of p and pre at the bottom of a
// cell. So a page that starts with a bare <h1> has its title at the body margin, not 21px lower, and a
// <p> in a cell adds no space above or below its text. Margins an author sets are never quirky.
// Measured in Chromium 156 on each tag (see test/renderers/document/quirks.test.ts).
import type { ComputedStyle, StyledElement } from './styled-tree.js'

export const QUIRKY_TOP = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'menu', 'dir', 'blockquote', 'pre', 'xmp', 'listing', 'plaintext'])
export const QUIRKY_BOTTOM = new Set(['p', 'pre', 'xmp', 'listing', 'plaintext'])

export interface QuirkyMargins { top: WeakSet<StyledElement>; bottom: WeakSet<StyledElement> }

const ZERO = { px: 0, pct: 0 }

/** Drops the quirky margins at the start (and, in cells, the end) of a quirky container's content. */
export function dropQuirkyMargins(container: StyledElement, quirky: QuirkyMargins, cell: boolean): void {
  edge(container, quirky, 'top')
  if (cell) edge(container, quirky, 'bottom')
}

function edge(container: StyledElement, quirky: QuirkyMargins, side: 'top' | 'bottom'): void {
  const kids = container.children
  const n = kids.length
  for (let k = 0; k < n; k++) {
    const child = kids[side === 'top' ? k : n - 1 - k]
    if (child.kind === 'text') {
      if (/^[ \t\n\r\f]*$/.test(child.text)) continue
      return // inline content: the container's edge is no longer free
    }
    const s = child.style
    if (s.display === 'none' || s.position === 'absolute' || s.position === 'fixed' || s.float !== 'none') continue
    if (s.display !== 'block' && s.display !== 'list-item') return
    if (quirky[side].has(child)) child.style = withMargin(s, side)
    // The margins of the child's own first (last) children collapse through it unless something separates them.
    const border = side === 'top' ? s.borderTop : s.borderBottom
    const padding = side === 'top' ? s.paddingTop : s.paddingBottom
    const separated = (border.style !== 'none' && border.width > 0) || padding.px !== 0 || padding.pct !== 0 || s.overflow !== 'visible'
    if (!separated) edge(child, quirky, side)
    // An empty block with no height lets the next sibling's margin reach the edge too.
    const empty = child.children.length === 0 && !separated && (s.height === 'auto' || (s.height.px === 0 && s.height.pct === 0)) && s.minHeight.px === 0 && s.minHeight.pct === 0
    if (!empty) return
  }
}

function withMargin(s: ComputedStyle, side: 'top' | 'bottom'): ComputedStyle {
  return side === 'top' ? { ...s, marginTop: ZERO } : { ...s, marginBottom: ZERO }
}
