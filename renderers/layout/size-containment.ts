// Size containment (CSS Containment 2 §3.1): a size-contained box is sized as if it had no content, or as if
// its content were contain-intrinsic-width × contain-intrinsic-height (CSS Sizing 4 §5.2). The content is still
// laid out inside the box so sized, and overflows it.
import type { ComputedStyle } from '../document/styled-tree.js'

const INTERNAL_TABLE = new Set<ComputedStyle['display']>([
  'table-row', 'table-cell', 'table-row-group', 'table-header-group', 'table-footer-group', 'table-column', 'table-column-group',
])

/** The content size a size-contained box is laid out at (each axis 0 without contain-intrinsic-size); null when not contained. */
export function containedContentSize(style: ComputedStyle): { width: number; height: number } | null {
  // No effect on internal table boxes and non-atomic inline boxes (CSS Containment 2 §3.1).
  if (!style.sizeContained || INTERNAL_TABLE.has(style.display) || style.display === 'inline' || style.display === 'contents') return null
  return { width: style.containIntrinsicWidth ?? 0, height: style.containIntrinsicHeight ?? 0 }
}
