// An <img> whose picture is missing (no src, a failed fetch, an unreadable file) shows its alt text, as in
// Chromium; without alt text it stays an empty box of its CSS size. The styled tree is copied only along the
// paths that change.
import type { StyledElement, StyledNode } from '../document/styled-tree.js'
import type { ImageStore } from '../resources/index.js'

export function withAltText(root: StyledElement, images: ImageStore): StyledElement {
  return replace(root, images) ?? root
}

function replace(el: StyledElement, images: ImageStore): StyledElement | null {
  if (el.tag === 'img') {
    const alt = el.attrs.alt?.trim()
    if (!alt || (el.attrs.src && images.has(el.attrs.src))) return null
    // The alt text flows like the image would have: inline unless the image was made a block.
    const text: StyledNode = { kind: 'text', text: alt, style: el.style }
    return { ...el, tag: 'span', children: [text] }
  }
  // A loop, not forEach: its callback was a closure per element of the document.
  let children: StyledNode[] | null = null
  const list = el.children
  for (let i = 0; i < list.length; i++) {
    const child = list[i]
    if (child.kind !== 'element') continue
    const next = replace(child, images)
    if (!next) continue
    children ??= [...list]
    children[i] = next
  }
  return children ? { ...el, children } : null
}
