// What a table cell's layout cached, let go of once the cell is laid out. A table's cells are laid out once,
// after its columns (cached per table, table-columns.ts) were sized from every cell's intrinsic widths; from
// then on nothing asks for a cell's intrinsic widths or the units its text was cut into again, and a long
// table kept all of them to the end of layout. (A paragraph laid out in the document's flow lets go of its
// cut text in layout-box.ts.) Only what can be computed again is dropped: should a cell be laid out again (a
// too-wide document's second pass, a page of another width), it is measured again, to the same result.
// Only a long document lets go: in a small render the deletions from the render-scoped maps made V8 promote
// what the maps still pointed to (test/pool/worker-heap-flags.test.ts: a 40-row invoice promoted 0.20 MB per
// render with the release, 0.023 MB without), and a small render's caches die with it anyway.
import type { Box, InlineItem } from './boxes.js'
import { forgetIntrinsic } from './intrinsic-cache.js'
import { forgetCutText, heldCutTexts } from './inline-units.js'

/** A table of more rows than this lets go of each cell's measurements once the cell is laid out. */
export const RELEASE_AFTER_ROWS = 100
/** Paragraphs laid out in the flow let go of their cut text once more than this many are held. */
export const HELD_CUT_TEXTS = 500

/** A paragraph laid out in the document's flow: its cut text goes when the document holds many (above). */
export function releaseFlowText(items: InlineItem[]): void {
  if (heldCutTexts() > HELD_CUT_TEXTS) forgetCutText(items)
}

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
