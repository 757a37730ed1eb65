// The PDF engine's display list (renderers/pdf/display-list.ts) → one SVG document for resvg. Operations that
// lie wholly outside the image are left out, so a viewport-sized capture of a long document only draws what
// shows. Clips and opacity open a group that the matching restore closes.
import type { BoxFrag, EdgeFrag } from '../pdf/fragments.js'
import type { PaintOp } from '../pdf/display-list.js'
import type { FontStore } from '../pdf/font-store.js'
import type { ImageStore } from '../resources/index.js'
import { SvgDefs, svgBox } from './svg-box.js'
import { fillAttrs, num, polygonD, rectD, strokeAttrs } from './svg-format.js'
import { SvgText } from './svg-text.js'

export interface SvgPage {
  width: number
  height: number
  fonts: FontStore
  images: ImageStore
  warnings: string[]
}

function edge(e: EdgeFrag): string {
  const half = e.width / 2
  if (e.style === 'solid' || e.style === 'double') {
    // Rectangles reaching half a width past each end, so that crossing edges meet at the corners.
    const horizontal = e.y1 === e.y2
    const pts = horizontal
      ? [[e.x1 - half, e.y1 - half], [e.x2 + half, e.y1 - half], [e.x2 + half, e.y1 + half], [e.x1 - half, e.y1 + half]]
      : [[e.x1 - half, e.y1 - half], [e.x1 + half, e.y1 - half], [e.x1 + half, e.y2 + half], [e.x1 - half, e.y2 + half]]
    return `<path d="${polygonD(pts)}"${fillAttrs(e.color)}/>`
  }
  const w = e.width
  const dash = e.style === 'dashed' ? (w < 3 ? 3 * w : 2 * w) : w
  return `<path d="M${num(e.x1)} ${num(e.y1)}L${num(e.x2)} ${num(e.y2)}"${strokeAttrs(e.color, w)} stroke-dasharray="${num(dash)}"/>`
}

/**
 * The box whose background layers paint the whole canvas: the root's, or the body's when the root has no
 * background (CSS Backgrounds §2.11.2).
 */
function canvasBox(root: BoxFrag): BoxFrag {
  const s = root.style
  if (s.backgroundLayers.length || (s.backgroundColor && s.backgroundColor.a > 0)) return root
  return root.children.find((c): c is BoxFrag => c.kind === 'box') ?? root
}

export function displayListSvg(ops: PaintOp[], root: BoxFrag, page: SvgPage): string {
  const painter = canvasBox(root)
  const canvas = { w: page.width, h: page.height }
  const defs = new SvgDefs()
  const text = new SvgText(page.fonts)
  const ctx = { defs, images: page.images, warnings: page.warnings }
  let body = ''
  let open = 0
  for (const op of ops) {
    if (op.bottom <= 0 || op.top >= page.height) continue
    switch (op.kind) {
      case 'box':
        if (op.frag.x >= page.width || op.frag.x + op.frag.w <= 0) {
          // Its shadow may still show; everything else of it is off the image.
          if (op.frag.style.boxShadow.length === 0) break
        }
        body += svgBox(op.frag, ctx, op.frag === painter ? canvas : undefined)
        break
      case 'text':
        if (op.frag.x < page.width) body += text.fragment(op.frag)
        break
      case 'edge':
        body += edge(op.frag)
        break
      case 'clip': {
        const id = defs.add((id) => `<clipPath id="${id}"><path d="${rectD(op.x, op.y, op.w, op.h, op.radii)}"/></clipPath>`)
        body += `<g clip-path="url(#${id})">`
        open++
        break
      }
      case 'opacity':
        body += `<g opacity="${num(op.value, 3)}">`
        open++
        break
      case 'restore':
        if (open > 0) {
          body += '</g>'
          open--
        }
        break
      case 'link':
        break
    }
  }
  body += '</g>'.repeat(open)
  const { width, height } = page
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.text}</defs>${body}</svg>`
}
