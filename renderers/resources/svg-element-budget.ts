// How many elements an SVG image draws once every <use> is expanded, checked before it is rasterised. A 3 KB
// file whose <use> elements each repeat the group before them ten times asks librsvg for billions of shapes:
// it held the process-wide libuv threadpool for 12–30 s and stalled unrelated renders. Counting is linear in
// the file (each element's expanded size is computed once) and stops as soon as the budget is passed.
import { parse, type HTMLElement } from 'node-html-parser'
import { RenderError } from '../contract.js'

const ELEMENT = 1

export function checkSvgElements(svgText: string, maxElements: number): void {
  const root = parse(svgText, { lowerCaseTagName: false, comment: false })
  const byId = new Map<string, HTMLElement>()
  const all: HTMLElement[] = [root]
  for (let i = 0; i < all.length; i++) {
    const el = all[i]
    const id = el.getAttribute?.('id')
    if (id && !byId.has(id)) byId.set(id, el)
    for (const child of el.childNodes) if (child.nodeType === ELEMENT) all.push(child as HTMLElement)
  }
  const sizes = new Map<HTMLElement, number>()
  const active = new Set<HTMLElement>()
  const over = () => new RenderError('QUIRE_ERR_RENDER_SVG_LIMIT', `An embedded SVG image draws more than ${maxElements} elements once its <use> references are expanded (SVG_MAX_ELEMENTS)`)
  // Expanded size of an element: itself, its children, and what its <use> points at. Recursion depth is the
  // file's nesting plus its <use> chain; a chain long enough to matter has long passed the budget.
  const size = (el: HTMLElement): number => {
    const known = sizes.get(el)
    if (known !== undefined) return known
    if (active.has(el)) throw new RenderError('QUIRE_ERR_RENDER_SVG_LIMIT', 'An embedded SVG image has a <use> element that refers to itself')
    active.add(el)
    let n = 1
    for (const child of el.childNodes) {
      if (child.nodeType === ELEMENT) n += size(child as HTMLElement)
      if (n > maxElements) throw over()
    }
    if (el.rawTagName?.toLowerCase() === 'use') {
      const href = el.getAttribute('href') ?? el.getAttribute('xlink:href') ?? ''
      const target = href.startsWith('#') ? byId.get(href.slice(1)) : undefined
      if (target) n += size(target)
    }
    if (n > maxElements) throw over()
    active.delete(el)
    sizes.set(el, n)
    return n
  }
  size(root)
}
