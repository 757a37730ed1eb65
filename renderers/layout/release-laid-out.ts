// What a table cell's layout cached, let go of once the cell is laid out. A table's cells are laid out once,
// after its columns (cached per table, table-columns.ts) were sized from every cell's intrinsic widths; from
// then on nothing asks for a cell's intrinsic widths or the units its text was cut into again, and a long
// table kept all of them to the end of layout. (A paragraph laid out in the document's flow lets go of its
// cut text in layout-box.ts.) Only what can be computed again is dropped: should a cell be laid out again (a
// too-wide document's second pass, a page of another width), it is measured again, to the same result.
import type { Box } from './boxes.js'
import { forgetCutText } from './inline-units.js'
import { forgetIntrinsic } from './layout-box.js'

/** Drops the cached cut text and intrinsic widths of a box and of every box inside it. */
export function releaseLaidOutBox(root: Box): void {
  const stack: Box[] = [root]
  while (stack.length) {
    const box = stack.pop()!
    forgetIntrinsic(box)
    if (box.kind === 'block') {
      for (const child of box.children) stack.push(child)
      if (box.inline) {
        forgetCutText(box.inline)
        for (const item of box.inline) if (item.kind === 'atomic' || item.kind === 'out-of-flow') stack.push(item.box)
      }
    } else if (box.kind === 'table') {
      for (const caption of box.captions) stack.push(caption)
      for (const section of box.sections) for (const row of section.rows) for (const cell of row.cells) stack.push(cell.box)
    }
  }
}
