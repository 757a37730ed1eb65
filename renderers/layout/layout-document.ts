// Lays out a whole styled document on one endless page of the given width. A document wider than that is
// laid out again at its own width (at most twice the page) and scaled down to fit, as Chromium's printing
// does; the root or body background is taken out to paint the whole sheet (CSS 2 §14.2 canvas).
import type { Color, StyledDocument } from '../document/styled-tree.js'
import type { ImageStore } from '../resources/index.js'
import type { BoxFrag, Frag } from './fragments.js'
import { buildBoxes } from './build-boxes.js'
import { withAltText } from './alt-text.js'
import { createFloatContext } from './float-context.js'
import { createFlowConstraints, type FlowConstraints } from './flow-constraints.js'
import type { FontStore } from '../fonts/font-store.js'
import { layoutBlockBox } from './layout-block.js'
import type { LayoutContext } from './layout-context.js'

export interface LaidOutDocument {
  root: BoxFrag
  flow: FlowConstraints
  /** Bottom of the document (margin box of the root), in layout px. */
  height: number
  /** Layout px → page px. */
  scale: number
  canvas: Color | null
}

const MAX_SHRINK = 2

export function layoutDocument(doc: StyledDocument, engines: { fonts: FontStore; images: ImageStore; warnings: string[] }, width: number, pageHeight: number): LaidOutDocument {
  const boxes = buildBoxes(withAltText(doc.root, engines.images), engines.warnings)
  const run = (w: number) => {
    const flow = createFlowConstraints()
    const ctx: LayoutContext = { ...engines, flow, absolute: [], initial: { width: w, height: (pageHeight * w) / width } }
    const result = layoutBlockBox(boxes, { x: 0, width: w, height: ctx.initial.height }, 0, ctx, { floats: createFloatContext(), isRoot: true })
    return { root: result.frag, flow }
  }
  let pass = run(width)
  let scale = 1
  const right = rightmost(pass.root)
  if (right > width + 0.5) {
    const w = Math.min(right, width * MAX_SHRINK)
    pass = run(w)
    scale = width / w
  }
  const root = pass.root
  // Trailing margins end at the last page rather than starting a new one (Chromium truncates them), so the
  // document ends at the lowest border box below the root, not at the root's margin-inclusive height.
  const explicit = root.style.height !== 'auto' || root.style.minHeight.px > 0 || root.style.minHeight.pct > 0
  const height = Math.max(explicit ? root.y + root.h : descendantsBottom(root), ...pass.flow.hard.map((s) => s[1]), 0)
  return { root, flow: pass.flow, height, scale, canvas: takeCanvas(root) }
}

function descendantsBottom(frag: BoxFrag): number {
  let bottom = 0
  for (const child of frag.children) {
    if (child.kind === 'box') bottom = Math.max(bottom, child.y + child.h, descendantsBottom(child))
    else if (child.kind === 'edge') bottom = Math.max(bottom, child.y1, child.y2)
    else bottom = Math.max(bottom, child.y + child.h)
  }
  return bottom
}

/** The right edge of everything that is not clipped away (Chromium's document rect). */
function rightmost(frag: Frag): number {
  switch (frag.kind) {
    case 'box': {
      let r = frag.x + frag.w
      if (frag.style.overflow !== 'visible') return r
      for (const child of frag.children) r = Math.max(r, rightmost(child))
      return r
    }
    case 'text': return frag.x + frag.w
    case 'edge': return Math.max(frag.x1, frag.x2)
    default: return frag.x + frag.w
  }
}

function takeCanvas(root: BoxFrag): Color | null {
  if (root.style.backgroundColor && root.style.backgroundColor.a > 0) {
    root.canvasBackground = true
    return root.style.backgroundColor
  }
  const body = root.children.find((c): c is BoxFrag => c.kind === 'box')
  if (body && body.style.backgroundColor && body.style.backgroundColor.a > 0 && !root.style.backgroundLayers.length) {
    body.canvasBackground = true
    return body.style.backgroundColor
  }
  return null
}
