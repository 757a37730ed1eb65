// The nesting budgets of layout, checked on the box tree before anything is laid out. Layout recurses once
// per nesting level, and each flex container lays out its items from inside yoga's measure callback, so
// nested flex containers nest calls into yoga's WebAssembly stack: past about 145 levels it overflows
// ("memory access out of bounds") and leaves yoga corrupt. Real templates nest a few dozen boxes and a
// handful of flex containers; these limits sit far above that and below what breaks.
import { RenderError, type RenderBudgets } from '../contract.js'
import type { Box } from './boxes.js'

export function checkLayoutDepth(root: Box, budgets: Pick<RenderBudgets, 'layoutMaxDepth' | 'layoutMaxFlexDepth'>): void {
  const { layoutMaxDepth, layoutMaxFlexDepth } = budgets
  // Iterative: the tree being checked is the one that might be too deep to recurse over.
  const stack: Array<{ box: Box; depth: number; flex: number }> = [{ box: root, depth: 1, flex: 0 }]
  while (stack.length > 0) {
    const { box, depth, flex: outer } = stack.pop()!
    const display = box.style.display
    const flex = display === 'flex' || display === 'inline-flex' ? outer + 1 : outer
    if (depth > layoutMaxDepth) {
      throw new RenderError('QUIRE_ERR_RENDER_LAYOUT_LIMIT', `The document nests boxes more than ${layoutMaxDepth} deep (limit LAYOUT_MAX_DEPTH)`)
    }
    if (flex > layoutMaxFlexDepth) {
      throw new RenderError('QUIRE_ERR_RENDER_LAYOUT_LIMIT', `The document nests flex containers more than ${layoutMaxFlexDepth} deep (limit LAYOUT_MAX_FLEX_DEPTH)`)
    }
    for (const child of childBoxes(box)) stack.push({ box: child, depth: depth + 1, flex })
  }
}

function childBoxes(box: Box): Box[] {
  if (box.kind === 'image') return []
  if (box.kind === 'table') return [...box.captions, ...box.sections.flatMap((s) => s.rows.flatMap((r) => r.cells.map((c) => c.box)))]
  const out: Box[] = [...box.children]
  for (const item of box.inline ?? []) if (item.kind === 'atomic' || item.kind === 'out-of-flow') out.push(item.box)
  return out
}
