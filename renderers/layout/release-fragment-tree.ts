// Once a layout's display list is made, painting reads its fragments only through the operations. A box's
// operation holds the box, and the box its children: the body's would keep every page's fragments alive until
// the last page is painted. Emptied, each fragment goes with the operations that hold it (paint-op-index.ts).
import type { BoxFrag } from './fragments.js'

/** Empties the children of every box in the tree (an explicit stack: trees nest deeper than calls). */
export function releaseFragmentTree(root: BoxFrag): void {
  const stack: BoxFrag[] = [root]
  while (stack.length) {
    const box = stack.pop()!
    for (const child of box.children) if (child.kind === 'box') stack.push(child)
    box.children = []
  }
}
