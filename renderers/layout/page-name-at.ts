// The page name in force at a point of the laid-out document: the used `page` value of the first in-flow
// content at or below y (a page takes the name of the content it starts with, CSS Paged Media §7).
import type { BoxFrag } from './fragments.js'

const EPS = 0.5

export function pageNameAt(root: BoxFrag, y: number): string | null {
  let name = root.style.page
  let box: BoxFrag | undefined = root
  while (box) {
    box = box.children.find((c): c is BoxFrag => c.kind === 'box' && !c.positioned && c.y + c.h > y + EPS)
    if (box?.style.page) name = box.style.page
  }
  return name
}
