// position: fixed boxes print on every page, at the same place on each (as Chromium prints them). Layout
// places them once, against the first page's area; later pages paint them again from these operations.
import { displayList, type PaintOp } from '../display-list.js'
import type { BoxFrag, Frag } from '../fragments.js'

/** Paint operations for the fixed boxes that fit on the first page (taller ones continue in the flow instead). */
export function fixedBoxOps(root: BoxFrag, firstPageHeight: number): PaintOp[] {
  const found: BoxFrag[] = []
  collect(root, found)
  return found.filter((f) => f.y >= 0 && f.y + f.h <= firstPageHeight + 0.5).flatMap((f) => displayList(f))
}

function collect(frag: Frag, out: BoxFrag[]): void {
  if (frag.kind !== 'box') return
  for (const child of frag.children) {
    if (child.kind === 'box' && child.style.position === 'fixed') out.push(child)
    else collect(child, out)
  }
}
