// Inline <svg> → a replaced element: the subtree is serialised back to SVG markup and handed on as an
// image (`data:image/svg+xml`), so every back-end sizes and draws it like an <img> whose source is SVG —
// the PDF painter as vectors, the image painter through its SVG rasteriser. The SVG's own elements never
// reach the box tree, so its <text> cannot leak into the text flow.
import type { DomElement, DomNode } from './dom.js'
import type { Color } from './styled-tree.js'

const SVG_NS = 'http://www.w3.org/2000/svg'
const XLINK_NS = 'http://www.w3.org/1999/xlink'

/**
 * The serialised SVG for an inline <svg> element. currentColor is resolved against the element's colour
 * (a data: image has no CSS context), and the root gets absolute width/height (its attributes when they
 * are lengths, the other side from the viewBox's ratio, else 300×150) so that the image has an intrinsic
 * size and ratio — except with a viewBox and neither length, where it has a ratio alone, as in Chromium.
 */
export function inlineSvgMarkup(el: DomElement, color: Color, pageStyle: SvgPageStyle = noPageStyle): string {
  const current = cssColor(color)
  const attrs = { ...el.attrs }
  // The page's CSS on the <svg> element (its size, display, margins) was applied by the cascade already;
  // left in, an SVG renderer would size the drawing by it a second time.
  delete attrs.style
  delete attrs.class
  const size = intrinsicSize(attrs)
  if (size) {
    attrs.width = String(size.width)
    attrs.height = String(size.height)
    if (!attrs.viewBox && !attrs.viewbox) attrs.viewBox = `0 0 ${size.width} ${size.height}`
  } else {
    // A viewBox and no size: a ratio alone, so the image is as wide as its container (see image-size.ts).
    delete attrs.width
    delete attrs.height
  }
  attrs.xmlns = SVG_NS
  if (needsXlink(el)) attrs['xmlns:xlink'] = XLINK_NS
  const [rootNormal, rootImportant] = pageStyle(el, true)
  if (rootNormal || rootImportant) attrs.style = join(rootNormal, rootImportant)
  let out = ''
  out += open('svg', attrs, current)
  for (const c of el.children) out += node(c, current, pageStyle)
  return out + '</svg>'
}

/**
 * The page's CSS for one element of an inline SVG, as style-attribute text: its normal and its !important
 * declarations ('' when none): a data: image has no CSS context, so rules such as `.logo path { fill: #c00 }`
 * are written onto the elements. `root`: the <svg> element itself, whose box the cascade styled already.
 */
export type SvgPageStyle = (el: DomElement, root: boolean) => [string, string]
const NONE: [string, string] = ['', '']
const noPageStyle: SvgPageStyle = () => NONE

const join = (...parts: Array<string | undefined>): string => parts.filter((p) => p).join(';')

export function cssColor(color: Color): string {
  return color.a < 1 ? `rgba(${color.r},${color.g},${color.b},${color.a})` : `rgb(${color.r},${color.g},${color.b})`
}

export function svgDataUri(markup: string): string {
  return 'data:image/svg+xml;base64,' + Buffer.from(markup, 'utf8').toString('base64')
}

function intrinsicSize(attrs: Record<string, string>): { width: number; height: number } | null {
  const vb = (attrs.viewBox ?? attrs.viewbox ?? '').trim().split(/[\s,]+/).map(Number)
  const hasVb = vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0
  let w = absolute(attrs.width)
  let h = absolute(attrs.height)
  if (w === null && h === null) return hasVb ? null : { width: 300, height: 150 }
  if (w === null) w = hasVb ? (h! * vb[2]) / vb[3] : 300
  if (h === null) h = hasVb ? (w * vb[3]) / vb[2] : 150
  return { width: w, height: h }
}

const UNITS: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6 }

function absolute(v: string | undefined): number | null {
  if (v === undefined) return null
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|in|cm|mm|q)?\s*$/i.exec(v)
  if (!m) return null
  const n = Number(m[1]) * UNITS[(m[2] ?? '').toLowerCase()]
  return n > 0 ? n : null
}

function node(n: DomNode, current: string, pageStyle: SvgPageStyle): string {
  if (n.kind === 'text') return escapeText(n.text)
  if (n.tag === 'style' || n.tag === 'script') {
    // Raw text: <style> keeps its CSS (as CDATA, since it may hold < or &); scripts never run.
    if (n.tag === 'script') return ''
    const css = n.children.map((c) => (c.kind === 'text' ? c.text : '')).join('').replace(/currentcolor/gi, current)
    return `<style><![CDATA[${css.replaceAll(']]>', ']]]]><![CDATA[>')}]]></style>`
  }
  // The element's own style attribute comes after the page's rules, so it wins over them, and before their
  // !important ones, which win over it (the SVG renderers let the last declaration win).
  const [normal, important] = pageStyle(n, false)
  const attrs = normal || important ? { ...n.attrs, style: join(normal, n.attrs.style, important) } : n.attrs
  let out = open(n.tag, attrs, current)
  for (const c of n.children) out += node(c, current, pageStyle)
  return out + `</${n.tag}>`
}

function open(tag: string, attrs: Record<string, string>, current: string): string {
  let out = '<' + tag
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on') || !isXmlAttributeName(k)) continue
    const value = /currentcolor/i.test(v) ? v.replace(/currentcolor/gi, current) : v
    out += ` ${k}="${escapeAttr(value)}"`
  }
  return out + '>'
}

/**
 * Whether the name can be written into XML: a name, and a colon only after a prefix the markup binds (xml,
 * xmlns, xlink). The HTML parser keeps any name, so framework attributes such as Alpine's `:class` or
 * `x-bind:class` reach the DOM; written out, they would make the SVG ill-formed and it would draw nothing.
 */
function isXmlAttributeName(k: string): boolean {
  let ok = xmlNames.get(k)
  if (ok === undefined) {
    // A small vocabulary (x, y, width, fill, …) asked once per attribute of every element.
    if (xmlNames.size > 1000) xmlNames.clear()
    xmlNames.set(k, (ok = checkXmlAttributeName(k)))
  }
  return ok
}

const xmlNames = new Map<string, boolean>()

function checkXmlAttributeName(k: string): boolean {
  if (!/^[A-Za-z_][\w:.-]*$/.test(k)) return false
  const colon = k.indexOf(':')
  if (colon < 0) return true
  return /^(?:xml|xmlns|xlink):[A-Za-z_][\w.-]*$/.test(k)
}

function needsXlink(el: DomElement): boolean {
  const stack: DomElement[] = [el]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs['xlink:href'] !== undefined && e.attrs['xmlns:xlink'] === undefined) return el.attrs['xmlns:xlink'] === undefined
    for (const c of e.elementChildren) stack.push(c)
  }
  return false
}

// Most texts and values (a QR code's 1 500 <rect>s of numbers) need no escaping: one scan instead of four
// replace() passes, each copying the string, which took most of serialising a 200 KB SVG.
const TEXT_SPECIAL = /[&<>]/
const ATTR_SPECIAL = /[&<>"]/
const escapeText = (s: string): string => (TEXT_SPECIAL.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s)
const escapeAttr = (s: string): string => (ATTR_SPECIAL.test(s) ? escapeText(s).replace(/"/g, '&quot;') : s)
