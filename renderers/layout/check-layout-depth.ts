// The nesting budgets of layout, checked on the box tree before anything is laid out. Layout recurses once
// per nesting level, and each flex container lays out its items from inside yoga's measure callback, so
// nested flex containers nest calls into yoga's WebAssembly stack: past about 145 levels it overflows
// ("memory access out of bounds") and leaves yoga corrupt. Real templates nest a few dozen boxes and a
// handful of flex containers; these limits sit far above that and below what breaks.
import { RenderError, type RenderBudgets } from '../contract.js'
import type { Box } from './boxes.js'

export function checkLayoutDepth(root: Box, budgets: Pick<RenderBudgets, 'layoutMaxDepth' | 'layoutMaxFlexDepth'>): void {
  const { layoutMaxDepth, layoutMaxFlexDepth } = budgets
  // Iterative: the tree being checked is the one that might be too deep to recurse over. The stack is kept as
  // parallel arrays, and children are pushed where they are, without a list per box: a frame object and a
  // child list per box were 0.14 MB of a 200-row table's render.
  const boxes: Box[] = [root]
  const depths: number[] = [1]
  const flexes: number[] = [0]
  while (boxes.length > 0) {
    const box = boxes.pop()!
    const depth = depths.pop()!
    const outer = flexes.pop()!
    const display = box.style.display
    const flex = display === 'flex' || display === 'inline-flex' ? outer + 1 : outer
    if (depth > layoutMaxDepth) {
      throw new RenderError('QUIRE_ERR_RENDER_LAYOUT_LIMIT', `The document nests boxes more than ${layoutMaxDepth} deep (limit LAYOUT_MAX_DEPTH)`)
    }
    if (flex > layoutMaxFlexDepth) {
      throw new RenderError('QUIRE_ERR_RENDER_LAYOUT_LIMIT', `The document nests flex containers more than ${layoutMaxFlexDepth} deep (limit LAYOUT_MAX_FLEX_DEPTH)`)
    }
    if (box.kind === 'image') continue
    if (box.kind === 'table') {
      for (const caption of box.captions) { boxes.push(caption); depths.push(depth + 1); flexes.push(flex) }
      for (const section of box.sections) for (const row of section.rows) for (const cell of row.cells) { boxes.push(cell.box); depths.push(depth + 1); flexes.push(flex) }
      continue
    }
    for (const child of box.children) { boxes.push(child); depths.push(depth + 1); flexes.push(flex) }
    if (!box.inline) continue
    for (const item of box.inline) {
      if (item.kind === 'atomic' || item.kind === 'out-of-flow') { boxes.push(item.box); depths.push(depth + 1); flexes.push(flex) }
    }
  }
}
