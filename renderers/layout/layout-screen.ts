// The PDF engine's layout run for a screen: one pass at the viewport width, with no second pass at the
// content's own width (printing shrinks a too-wide document to fit the paper; a browser viewport lets it
// overflow and cuts it at its right edge). The root or body background colour becomes the canvas colour.
import type { Color, StyledDocument } from '../document/styled-tree.js'
import { buildBoxes } from './build-boxes.js'
import { createFloatContext } from './float-context.js'
import { createFlowConstraints } from './flow-constraints.js'
import type { FontStore } from '../fonts/font-store.js'
import type { BoxFrag } from './fragments.js'
import { layoutBlockBox } from './layout-block.js'
import type { LayoutContext } from './layout-context.js'
import type { ImageStore } from '../resources/index.js'

export interface ScreenLayout {
  root: BoxFrag
  /** The document's scroll height: the lowest edge of anything laid out (CSS px). */
  height: number
  /** The canvas colour (from the root, else the body), or null for none. */
  canvas: Color | null
}

export function layoutScreen(doc: StyledDocument, engines: { fonts: FontStore; images: ImageStore; warnings: string[] }, width: number, viewportHeight: number): ScreenLayout {
  const boxes = buildBoxes(doc.root, engines.warnings)
  const ctx: LayoutContext = { ...engines, flow: createFlowConstraints(), absolute: [], initial: { width, height: viewportHeight } }
  const root = layoutBlockBox(boxes, { x: 0, width, height: viewportHeight }, 0, ctx, { floats: createFloatContext(), isRoot: true }).frag
  return { root, height: Math.max(root.y + root.h, bottomOf(root)), canvas: takeCanvas(root) }
}

function bottomOf(frag: BoxFrag): number {
  let bottom = 0
  for (const child of frag.children) {
    if (child.kind === 'box') {
      bottom = Math.max(bottom, child.y + child.h)
      // What an overflow clip hides does not make the page longer.
      if (child.style.overflow === 'visible') bottom = Math.max(bottom, bottomOf(child))
    } else if (child.kind === 'edge') bottom = Math.max(bottom, child.y1, child.y2)
    else bottom = Math.max(bottom, child.y + child.h)
  }
  return bottom
}

function takeCanvas(root: BoxFrag): Color | null {
  if (root.style.backgroundColor && root.style.backgroundColor.a > 0) {
    root.canvasBackground = true
    return root.style.backgroundColor
  }
  if (root.style.backgroundLayers.length) return null
  const body = root.children.find((c): c is BoxFrag => c.kind === 'box')
  if (body && body.style.backgroundColor && body.style.backgroundColor.a > 0) {
    body.canvasBackground = true
    return body.style.backgroundColor
  }
  return null
}
