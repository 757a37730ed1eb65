// Every image a styled document may paint: <img src>, url() background layers and border images, as written.
import type { StyledDocument, StyledElement } from '../document/styled-tree.js'

export function collectImageUrls(doc: StyledDocument): string[] {
  const found = new Set<string>()
  const stack: StyledElement[] = [doc.root]
  while (stack.length > 0) {
    const el = stack.pop() as StyledElement
    if (el.tag === 'img' && el.attrs.src && el.attrs.src.trim() !== '') found.add(el.attrs.src)
    for (const layer of el.style.backgroundLayers) {
      if (layer.image.kind === 'url' && layer.image.url.trim() !== '') found.add(layer.image.url)
    }
    const bi = el.style.borderImage?.source
    if (bi?.kind === 'url' && bi.url.trim() !== '') found.add(bi.url)
    for (const child of el.children) if (child.kind === 'element') stack.push(child)
  }
  return [...found]
}
