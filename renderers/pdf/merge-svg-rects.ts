// Runs of plain sibling <rect>s in an SVG taken out of svg-to-pdfkit's hands. A QR code or barcode is hundreds
// of rects (swissqrbill's payment slip: 1,573), and svg-to-pdfkit builds some twenty objects and closures per
// element and saves, colours, fills and restores each one — most of such a render's CPU and garbage. A run
// becomes one placeholder <image> that svg-to-pdfkit places like any element (its viewports, transforms,
// visibility; overflow visible, as an <image> clips by default) and whose drawing paint-rect-batches.ts does itself: one colour, one `re` per rect, one fill.
// A run whose colour is inherited or written in a way the two could read differently becomes one <path> of
// the same subpaths instead. Either way the area covered is the same: the rects are siblings (same inherited
// paint, same coordinate system), opaque, unstroked and all wound the same way, so their union is what was
// painted one by one (only anti-aliasing where two rects touch differs: no hairline seam between them).
// Lengths are computed as svg-to-pdfkit computes a rect's (its unit factors, x + w). Anything that could make
// one rect differ from its neighbours keeps the rects as they are: an attribute other than x/y/width/height/
// fill, a fill that is not an opaque colour, a length in % or em, a stylesheet (selectors such as
// :nth-child), or an ancestor that is not a <svg>/<g> or that passes on stroke, fill opacity or fill rule.
/** Rects painted by us: `rects` holds x, y, width, height of each, in the user units where the run was. */
export interface RectBatch { rgb: [number, number, number]; rects: number[] }

export interface MergedSvg { svg: string; batches: RectBatch[] }

/** The href of a batch's placeholder <image>, followed by its index. */
export const BATCH_HREF = 'quire-rect-batch:'

/** The rect's own attributes a merged run may have (and fill, the same across the run). */
const GEOMETRY = new Set(['x', 'y', 'width', 'height'])
/** Ancestors whose children are drawn as ordinary graphics, once each. */
const PLAIN_PARENTS = new Set(['svg', 'g'])
/** Inherited properties under which separate rects and one path would not paint the same pixels. */
const ORDER_SENSITIVE = /stroke|fill-opacity|fill-rule|paint-order|marker|vector-effect/i
/** A colour without alpha (or none): rects in it cover what is under them, overlapping or not. */
const OPAQUE = /^\s*(?:#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]+|rgb\(\s*[^,/()]+(?:,[^,/()]+){2}\))\s*$/i
/** Colours of a batch: hex as svg-to-pdfkit reads it, and the sixteen basic names (any other: a path). */
const HEX = /^#(?:([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})|([0-9a-f])([0-9a-f])([0-9a-f]))$/i
const BASIC: Record<string, [number, number, number]> = {
  black: [0, 0, 0], silver: [192, 192, 192], gray: [128, 128, 128], white: [255, 255, 255], maroon: [128, 0, 0], red: [255, 0, 0],
  purple: [128, 0, 128], fuchsia: [255, 0, 255], green: [0, 128, 0], lime: [0, 255, 0], olive: [128, 128, 0], yellow: [255, 255, 0],
  navy: [0, 0, 128], blue: [0, 0, 255], teal: [0, 128, 128], aqua: [0, 255, 255],
}
// svg-to-pdfkit's computeUnits: user units per unit.
const UNITS: Record<string, number> = { '': 1, px: 1, pt: 96 / 72, cm: 96 / 2.54, mm: 96 / 25.4, in: 96, pc: 96 / 6 }
// svg-to-pdfkit's matchNumber then matchLengthUnit, the whole (trimmed) value.
const LENGTH = /^\s*([-+]?(?:[0-9]+[.][0-9]+|[0-9]+[.]|[.][0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?)(px|pt|cm|mm|in|pc|)\s*$/
const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>/y
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g
const MIN_RUN = 2

interface Rect { start: number; end: number; fill: string | undefined; x: number; y: number; w: number; h: number }

/** The SVG with its runs of plain rects replaced, and the batches its placeholders name (none: as given). */
export function mergeSvgRects(svg: string): MergedSvg {
  const unchanged = { svg, batches: [] }
  if (!svg.includes('<rect') || /<style[\s>/]/i.test(svg)) return unchanged
  const out: string[] = []
  const batches: RectBatch[] = []
  let copied = 0
  let run: Rect[] = []
  const stack: Array<{ tag: string; plain: boolean }> = []
  const flush = () => {
    if (run.length >= MIN_RUN) {
      out.push(svg.slice(copied, run[0].start), replacement(run, batches))
      copied = run[run.length - 1].end
    }
    run = []
  }
  let at = 0
  while (at < svg.length) {
    const lt = svg.indexOf('<', at)
    if (lt < 0) break
    // Only white space may come between two rects of a run (other text is a text node, and ends it).
    if (run.length > 0 && svg.slice(at, lt).trim() !== '') flush()
    if (svg.startsWith('<!', lt) || svg.startsWith('<?', lt)) {
      flush()
      const close = svg.startsWith('<!--', lt) ? '-->' : svg.startsWith('<![CDATA[', lt) ? ']]>' : svg.startsWith('<?', lt) ? '?>' : '>'
      const end = svg.indexOf(close, lt)
      if (end < 0) return unchanged
      at = end + close.length
      continue
    }
    TAG.lastIndex = lt
    const m = TAG.exec(svg)
    if (!m) return unchanged
    at = TAG.lastIndex
    const [, closing, tag, attrText, selfClosing] = m
    if (closing) {
      flush()
      if (stack.pop()?.tag !== tag) return unchanged
      continue
    }
    const attrs = parseAttrs(attrText)
    const parent = stack[stack.length - 1]
    // `<rect …></rect>` with nothing inside is as plain as `<rect …/>`.
    const empty = selfClosing !== '' || svg.startsWith('</rect>', at)
    const rect = tag === 'rect' && parent?.plain && empty ? plainRect(attrs, lt) : null
    if (rect) {
      if (!selfClosing) at += '</rect>'.length
      rect.end = at
      if (run.length > 0 && run[0].fill !== rect.fill) flush()
      run.push(rect)
      continue
    }
    flush()
    if (!selfClosing) stack.push({ tag, plain: (parent?.plain ?? true) && PLAIN_PARENTS.has(tag) && passesPaintOn(attrs) })
  }
  flush()
  if (stack.length !== 0 || copied === 0) return unchanged
  return { svg: out.join('') + svg.slice(copied), batches }
}

/** Whether what the element passes on to its children paints each child as it would paint one path. */
function passesPaintOn(attrs: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(attrs)) {
    if (ORDER_SENSITIVE.test(k) || (k === 'fill' && !OPAQUE.test(v))) return false
    if (k === 'style' && (ORDER_SENSITIVE.test(v) || /fill|opacity/i.test(v))) return false
  }
  return true
}

function parseAttrs(text: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const m of text.matchAll(ATTR)) attrs[m[1]] = m[2] ?? m[3] ?? ''
  return attrs
}

/** The rect's geometry when it can join a run (the caller sets `end`), else null. */
function plainRect(attrs: Record<string, string>, start: number): Rect | null {
  for (const k of Object.keys(attrs)) if (!GEOMETRY.has(k) && k !== 'fill') return null
  const fill = attrs.fill
  if (fill !== undefined && !OPAQUE.test(fill)) return null
  const len = (name: string) => {
    const v = attrs[name]
    if (v === undefined) return 0
    const m = LENGTH.exec(v)
    return m ? Number(m[1]) * UNITS[m[2]] : null
  }
  const x = len('x'), y = len('y'), w = len('width'), h = len('height')
  if (x === null || y === null || w === null || h === null || !(w > 0 && h > 0)) return null
  return { start, end: 0, fill, x, y, w, h }
}

/** A batch's placeholder when its colour is plain, else one <path> (its fill, inherited or own, as it was). */
function replacement(run: Rect[], batches: RectBatch[]): string {
  const fill = run[0].fill
  const rgb = fill === undefined ? null : batchColor(fill)
  if (rgb) {
    const rects: number[] = []
    for (const r of run) rects.push(r.x, r.y, r.w, r.h)
    batches.push({ rgb, rects })
    return `<image href="${BATCH_HREF}${batches.length - 1}" width="1" height="1" preserveAspectRatio="none" overflow="visible"/>`
  }
  let d = ''
  for (const r of run) d += `M${r.x} ${r.y}L${r.x + r.w} ${r.y}L${r.x + r.w} ${r.y + r.h}L${r.x} ${r.y + r.h}Z`
  return `<path d="${d}"${fill === undefined ? '' : ` fill="${fill}"`}/>`
}

function batchColor(fill: string): [number, number, number] | null {
  // svg-to-pdfkit trims the value, and looks names up as written.
  const v = fill.trim()
  if (Object.hasOwn(BASIC, v)) return BASIC[v]
  const m = HEX.exec(v)
  if (!m) return null
  return m[1] !== undefined ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : [0x11 * parseInt(m[4], 16), 0x11 * parseInt(m[5], 16), 0x11 * parseInt(m[6], 16)]
}
