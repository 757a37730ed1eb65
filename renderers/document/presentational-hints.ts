// Legacy presentational attributes (bgcolor, align, valign, width, cellpadding, <font color>…), which
// e-mail templates still use everywhere. They are turned into CSS text and go through the normal
// declaration parser (cached by text), entering the cascade as author rules of specificity 0.
import type { DomElement } from './dom.js'
import { firstStrongDirection } from './first-strong-direction.js'
import { parseLegacyColor } from './parse-color.js'

const CELL = new Set(['td', 'th'])
const ROW_GROUPS = new Set(['tr', 'thead', 'tbody', 'tfoot'])
const TEXT_ALIGN_HOSTS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption', 'td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'legend'])
const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large']
const OL_TYPES: Record<string, string> = { '1': 'decimal', a: 'lower-alpha', A: 'upper-alpha', i: 'lower-roman', I: 'upper-roman' }

/** CSS declarations implied by the element's attributes, or '' when there are none. */
export function presentationalHints(el: DomElement): string {
  const a = el.attrs
  const out: string[] = []
  const tag = el.tag

  if (a.bgcolor !== undefined && (tag === 'body' || tag === 'table' || CELL.has(tag) || ROW_GROUPS.has(tag))) color(out, 'background-color', a.bgcolor)
  if (a.background !== undefined && (tag === 'body' || tag === 'table' || CELL.has(tag))) out.push(`background-image:url(${JSON.stringify(a.background)})`)

  if (tag === 'table' || CELL.has(tag) || tag === 'img' || tag === 'col' || tag === 'colgroup' || tag === 'hr' ||
      tag === 'iframe' || tag === 'video' || tag === 'canvas' || tag === 'object' || tag === 'embed' || tag === 'svg') {
    length(out, 'width', a.width, CELL.has(tag))
  }
  if (tag === 'table' || CELL.has(tag) || tag === 'tr' || tag === 'img' || tag === 'iframe' || tag === 'video' || tag === 'canvas' || tag === 'svg') {
    length(out, 'height', a.height, CELL.has(tag))
  }

  if (a.dir !== undefined) direction(out, el, a.dir.trim().toLowerCase())
  if (a.align !== undefined) align(out, tag, a.align.trim().toLowerCase())
  if (a.valign !== undefined && (CELL.has(tag) || ROW_GROUPS.has(tag) || tag === 'col' || tag === 'colgroup')) {
    const v = a.valign.trim().toLowerCase()
    if (['top', 'middle', 'bottom', 'baseline'].includes(v)) out.push(`vertical-align:${v}`)
  }
  if (a.nowrap !== undefined && CELL.has(tag)) out.push('white-space:nowrap')

  if (tag === 'table') {
    const border = a.border === undefined ? null : a.border === '' ? 1 : parseInt(a.border, 10)
    if (border !== null && !Number.isNaN(border)) out.push(`border:${border}px outset gray`)
    const spacing = number(a.cellspacing)
    if (spacing !== null) out.push(`border-spacing:${spacing}px`)
  }
  if (CELL.has(tag)) cellHintsFromTable(el, out)

  if (tag === 'img') {
    const border = number(a.border)
    if (border !== null) out.push(`border:${border}px solid`)
    const h = number(a.hspace)
    if (h !== null) out.push(`margin-left:${h}px;margin-right:${h}px`)
    const v = number(a.vspace)
    if (v !== null) out.push(`margin-top:${v}px;margin-bottom:${v}px`)
  }

  if (tag === 'font') {
    if (a.color !== undefined) color(out, 'color', a.color)
    if (a.face !== undefined) out.push(`font-family:${a.face.split(',').map((f) => JSON.stringify(f.trim())).join(',')}`)
    if (a.size !== undefined) fontSize(out, a.size.trim())
  }

  if (tag === 'body') {
    if (a.text !== undefined) color(out, 'color', a.text)
    const mw = number(a.marginwidth ?? a.leftmargin)
    if (mw !== null) out.push(`margin-left:${mw}px;margin-right:${mw}px`)
    const mh = number(a.marginheight ?? a.topmargin)
    if (mh !== null) out.push(`margin-top:${mh}px;margin-bottom:${mh}px`)
  }

  if (tag === 'hr') {
    if (a.color !== undefined) { color(out, 'border-color', a.color); color(out, 'background-color', a.color) }
    if (a.noshade !== undefined) out.push('border-style:solid;border-color:gray;background-color:gray')
    const size = number(a.size)
    if (size !== null) out.push(size > 1 ? `height:${size - 2}px` : 'border-bottom-width:0')
  }

  if ((tag === 'ol' || tag === 'li') && a.type !== undefined && OL_TYPES[a.type] !== undefined) out.push(`list-style-type:${OL_TYPES[a.type]}`)
  if ((tag === 'ul' || tag === 'li') && a.type !== undefined && ['disc', 'circle', 'square'].includes(a.type.toLowerCase())) out.push(`list-style-type:${a.type.toLowerCase()}`)

  return out.join(';')
}

/**
 * The dir attribute, which Chromium maps to direction (auto: the first strong character; ltr without one).
 * An invalid value is ignored, except on <body>, where Chromium sets ltr: krayin-quote-fa's
 * `<html dir=rtl><body dir=fa>` prints its tables left to right.
 */
function direction(out: string[], el: DomElement, dir: string): void {
  if (dir === 'rtl' || dir === 'ltr') out.push(`direction:${dir}`)
  else if (dir === 'auto') out.push(`direction:${firstStrongDirection(el) ?? 'ltr'}`)
  else if (el.tag === 'body') out.push('direction:ltr')
}

function cellHintsFromTable(cell: DomElement, out: string[]): void {
  let table: DomElement | null = cell.parent
  while (table && table.tag !== 'table') table = table.parent
  if (!table) return
  const border = table.attrs.border
  if (border !== undefined && (border === '' || parseInt(border, 10) > 0)) out.push('border:1px inset gray')
  const padding = number(table.attrs.cellpadding)
  if (padding !== null) out.push(`padding:${padding}px`)
}

function align(out: string[], tag: string, v: string): void {
  if (tag === 'table') {
    if (v === 'left' || v === 'right') out.push(`float:${v}`)
    else if (v === 'center') out.push('margin-left:auto;margin-right:auto')
    return
  }
  if (tag === 'img' || tag === 'iframe' || tag === 'object' || tag === 'embed') {
    if (v === 'left' || v === 'right') out.push(`float:${v}`)
    else if (v === 'middle' || v === 'absmiddle' || v === 'center') out.push('vertical-align:middle')
    else if (v === 'top' || v === 'bottom' || v === 'baseline' || v === 'texttop') out.push(`vertical-align:${v === 'texttop' ? 'text-top' : v}`)
    return
  }
  if (tag === 'hr') {
    if (v === 'left') out.push('margin-left:0;margin-right:auto')
    else if (v === 'right') out.push('margin-left:auto;margin-right:0')
    return
  }
  if (!TEXT_ALIGN_HOSTS.has(tag)) return
  // Chromium gives div, p, caption and table parts the -webkit- values, which also align block children
  // (measured: getComputedStyle in Chromium 156); headings get the plain ones.
  const legacy = tag === 'div' || tag === 'p' || tag === 'caption' || tag === 'tr' || CELL.has(tag) || ROW_GROUPS.has(tag)
  if (v === 'center' || v === 'middle') out.push(`text-align:${legacy ? '-webkit-center' : 'center'}`)
  else if (v === 'left' || v === 'right') out.push(`text-align:${legacy ? `-webkit-${v}` : v}`)
  else if (v === 'justify') out.push('text-align:justify')
}

function color(out: string[], prop: string, value: string): void {
  const c = parseLegacyColor(value)
  if (c) out.push(`${prop}:rgba(${c.r},${c.g},${c.b},${c.a})`)
}

/** HTML dimension attribute: "100" → 100px, "50%" → 50%. Zero widths on cells are ignored, as in browsers. */
function length(out: string[], prop: string, value: string | undefined, isCell: boolean): void {
  if (value === undefined) return
  // SVG's width/height are CSS lengths (`2em`, `1.5rem`); only a plain number means pixels.
  const svg = /^\s*(\d+(?:\.\d+)?|\.\d+)(em|rem|ex|ch|pt|pc|in|cm|mm|vw|vh)\s*$/i.exec(value)
  if (svg && !isCell) { out.push(`${prop}:${svg[1]}${svg[2].toLowerCase()}`); return }
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%|px)?/.exec(value)
  if (!m) return
  const n = Number(m[1])
  if (isCell && n === 0) return
  out.push(`${prop}:${n}${m[2] === '%' ? '%' : 'px'}`)
}

function number(value: string | undefined): number | null {
  if (value === undefined) return null
  const n = parseInt(value, 10)
  return Number.isNaN(n) || n < 0 ? null : n
}

function fontSize(out: string[], size: string): void {
  const m = /^([+-]?)(\d+)/.exec(size)
  if (!m) return
  let n = Number(m[2])
  if (m[1] === '+') n = 3 + n
  else if (m[1] === '-') n = 3 - n
  n = Math.min(7, Math.max(1, n))
  out.push(`font-size:${FONT_SIZES[n - 1]}`)
}
