// The words a reader speaks for an element that has no text of its own to read: a figure's alternate text
// (aria-label, then alt, then an inline SVG's <title>), and a link's text (for its annotation's /Contents).
import type { StyledElement, StyledNode } from '../../document/styled-tree.js'

export function alternateText(el: StyledElement): string {
  const label = el.attrs['aria-label']?.trim()
  if (label) return label
  const alt = el.attrs.alt?.trim()
  if (alt) return alt
  return el.attrs['data-svg-title']?.trim() ?? ''
}

/**
 * The element's text as read (whitespace collapsed), or its alternate text when it has none; at most 500
 * characters. `generated: false` leaves out ::before, ::after and list markers (GCPM's content(text)).
 */
export function textContent(el: StyledElement, generated = true): string {
  const label = el.attrs['aria-label']?.trim()
  if (label) return label
  let out = ''
  const stack: StyledNode[] = [el]
  while (stack.length && out.length < 1000) {
    const node = stack.pop()!
    if (node.kind === 'text') { out += node.text; continue }
    if (node.tag === 'img') { out += ` ${alternateText(node)} `; continue }
    if (!generated && node !== el && node.tag.startsWith('::')) continue
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i])
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, 500)
}
