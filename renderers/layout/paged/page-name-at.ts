// The page name in force at a point of the laid-out document: the used `page` value of the first in-flow
// content at or below y (a page takes the name of the content it starts with, CSS Paged Media §7).
import type { BoxFrag } from '../fragments.js'

const EPS = 0.5

/** Whether any box of a laid-out document names its page; found once per document (most name none). */
const naming = new WeakMap<BoxFrag, boolean>()

function namesPages(root: BoxFrag): boolean {
  let names = naming.get(root)
  if (names === undefined) {
    names = false
    const stack: BoxFrag[] = [root]
    while (stack.length > 0 && !names) {
      const box = stack.pop()!
      if (box.style.page) names = true
      for (const child of box.children) if (child.kind === 'box') stack.push(child)
    }
    naming.set(root, names)
  }
  return names
}

export function pageNameAt(root: BoxFrag, y: number): string | null {
  if (!namesPages(root)) return null
  let name = root.style.page
  let box: BoxFrag | undefined = root
  while (box) {
    box = box.children.find((c): c is BoxFrag => c.kind === 'box' && !c.positioned && c.y + c.h > y + EPS)
    if (box?.style.page) name = box.style.page
  }
  return name
}
