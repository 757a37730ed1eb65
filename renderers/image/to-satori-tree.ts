// The styled tree → satori's element tree. Satori lays out block, inline, flex and grid itself (margins
// collapse, text wraps with mixed inline styles), so most elements map one to one onto a neutral div or
// span with an explicit inline style; tables become grids (table-to-grid.ts), list markers become text,
// images become data: URIs from the loaded store, and what satori cannot draw is left out with a warning.
import type { ComputedStyle, StyledElement, StyledNode } from '../document/styled-tree.js'
import { dataUri } from './data-uri.js'
import { element, type SatoriChild, type SatoriElement } from './satori-element.js'
import { satoriStyle, satoriTextStyle, type StyleContext } from './satori-style.js'
import { tableToGrid } from './table-to-grid.js'

const NOT_RENDERED = new Set(['head', 'style', 'script', 'title', 'meta', 'link', 'template', 'noscript', '::marker'])

const INLINE_LEVEL = new Set(['inline', 'inline-block', 'inline-flex', 'inline-table'])

/** How an element is shown by satori, for everything except tables and list items. */
function satoriDisplay(display: ComputedStyle['display']): string {
  switch (display) {
    case 'inline': case 'inline-block': case 'inline-flex': case 'flex': case 'contents': case 'block':
      return display
    case 'table-row':
      // A row outside a table: its cells side by side is the closest.
      return 'flex'
    default:
      return 'block'
  }
}

export function isInlineLevel(style: ComputedStyle): boolean {
  return INLINE_LEVEL.has(style.display)
}

function imageElement(el: StyledElement, ctx: StyleContext): SatoriElement | null {
  const src = el.attrs.src ?? ''
  const loaded = ctx.images.get(src)
  if (!loaded) {
    ctx.warnings.add(`image "${src.slice(0, 80)}" was not loaded and is left out`)
    return null
  }
  const style = satoriStyle(el.style, el.style.display === 'block' ? 'block' : 'inline-block', ctx)
  // Satori takes width/height attributes as fixed sizes, so the natural size only fills the sides CSS
  // leaves auto, and the aspect ratio keeps a side computed from the other (width: 100% with max-width).
  style.aspectRatio = loaded.width / Math.max(1, loaded.height)
  if (el.style.width === 'auto' && el.style.height === 'auto') {
    style.width = loaded.width
    style.height = loaded.height
  }
  return { type: 'img', props: { style, src: dataUri(loaded) } }
}

function markerElement(el: StyledElement, ctx: StyleContext): SatoriElement | null {
  if (!el.marker || el.style.listStyleType === 'none') return null
  const s = el.style
  if (s.listStylePosition === 'inside') {
    return element('span', satoriTextStyle(s, 'inline'), [`${el.marker} `])
  }
  // An outside marker hangs left of the item's first line, ending where the item's border box starts.
  const top = s.paddingTop.px + s.borderTop.width
  return element('span', { ...satoriTextStyle(s, 'block'), position: 'absolute', right: '100%', top, whiteSpace: 'pre', textIndent: 0 }, [`${el.marker} `])
}

export function convertChildren(children: StyledNode[], ctx: StyleContext): SatoriChild[] {
  const out: SatoriChild[] = []
  for (const child of children) {
    if (child.kind === 'text') {
      if (child.text.length > 0) out.push(child.text)
      continue
    }
    const converted = convertElement(child, ctx)
    if (converted) out.push(converted)
  }
  return out
}

export function convertElement(el: StyledElement, ctx: StyleContext): SatoriElement | null {
  const s = el.style
  if (s.display === 'none' || NOT_RENDERED.has(el.tag)) return null
  if (el.tag === 'br') return { type: 'br', props: {} }
  if (el.tag === 'img') return imageElement(el, ctx)
  if (el.tag === 'svg') {
    ctx.warnings.add('inline <svg> is not drawn in images yet')
    return null
  }
  if (s.display === 'table' || s.display === 'inline-table') return tableToGrid(el, ctx)
  if (s.display === 'list-item') {
    const marker = markerElement(el, ctx)
    const style = satoriStyle(s, 'block', ctx)
    if (marker && s.listStylePosition !== 'inside' && s.position === 'static') style.position = 'relative'
    const children = convertChildren(el.children, ctx)
    return element('div', style, marker ? [marker, ...children] : children)
  }
  const display = satoriDisplay(s.display)
  const type = INLINE_LEVEL.has(display) ? 'span' : 'div'
  return element(type, satoriStyle(s, display, ctx), convertChildren(el.children, ctx))
}
