// The one layout entry point, for print and for screen: a whole styled document on one endless page of the
// given width. Print (PDF, header/footer bands) lays a document wider than the page out again at its own
// width (at most twice the page) and scales it down to fit, as Chromium's printing does; a screen (images)
// lets it overflow and cuts it at the viewport's right edge. Both take the root or body background out to
// paint the whole canvas (CSS 2 §14.2), and both measure the document's bottom with the same walk.
import type { Color, StyledDocument } from '../document/styled-tree.js'
import type { ImageStore } from '../resources/index.js'
import type { BoxFrag, Frag } from './fragments.js'
import { buildBoxes } from './build-boxes.js'
import { checkLayoutDepth } from './check-layout-depth.js'
import type { RenderBudgets } from '../contract.js'
import { DEFAULT_BUDGETS } from '../default-budgets.js'
import { withAltText } from './alt-text.js'
import { createFloatContext } from './float-context.js'
import { createFlowConstraints, type FlowConstraints } from './flow-constraints.js'
import type { FontStore } from '../fonts/font-store.js'
import { layoutBox } from './layout-box.js'
import { holdsPositioned } from './skipped-stretches.js'
import type { LayoutContext } from './layout-context.js'
import type { Warnings } from '../warnings.js'

export type Medium = 'print' | 'screen'

export interface LaidOutDocument {
  root: BoxFrag
  flow: FlowConstraints
  /**
   * Bottom of the document in layout px. Print: the lowest border box (trailing margins end on the last
   * page, as Chromium truncates them). Screen: the scroll height, which keeps the root's own box.
   */
  height: number
  /** Layout px → page px (below 1 only when print shrank a too-wide document). */
  scale: number
  canvas: Color | null
}

const MAX_SHRINK = 2

/** What layout runs with; `budgets` defaults to renderers/default-budgets.ts. */
export interface LayoutEngines { fonts: FontStore; images: ImageStore; warnings: Warnings; budgets?: RenderBudgets }

/**
 * `height` is the page's content height (print) or the viewport's (screen): what `vh` and `%` resolve against.
 * `scale`: print at this scale instead of measuring the overflow (a page of its own width keeps the factor
 * the document's plain pages were shrunk by, as Chromium scales the whole document once).
 */
export function layoutDocument(doc: StyledDocument, engines: LayoutEngines, width: number, height: number, medium: Medium = 'print', scale?: number, wanted?: (count: number) => boolean): LaidOutDocument {
  const boxes = buildBoxes(withAltText(doc.root, engines.images), engines.warnings)
  checkLayoutDepth(boxes, engines.budgets ?? DEFAULT_BUDGETS)
  // `wanted`: only the stretches between forced breaks it names (skipped-stretches.ts); all of them when a
  // positioned box could land elsewhere than its stretch.
  const only = wanted && !holdsPositioned(boxes) ? wanted : undefined
  const run = (w: number) => {
    const flow = createFlowConstraints()
    const ctx: LayoutContext = { fonts: engines.fonts, images: engines.images, warnings: engines.warnings, flow, absolute: [], initial: { width: w, height: (height * w) / width }, quirks: doc.quirks }
    if (only) ctx.skip = { flow, wanted: only }
    const result = layoutBox(boxes, { x: 0, width: w, height: ctx.initial.height }, 0, ctx, { floats: createFloatContext(), isRoot: true })
    return { root: result.frag, flow }
  }
  if (scale !== undefined) return measured(run(width / scale), scale, medium)
  let pass = run(width)
  scale = 1
  if (medium === 'print') {
    const right = rightmost(pass.root)
    if (right > width + 0.5) {
      const w = Math.min(right, width * MAX_SHRINK)
      pass = run(w)
      scale = width / w
    }
  }
  return measured(pass, scale, medium)
}

function measured(pass: { root: BoxFrag; flow: FlowConstraints }, scale: number, medium: Medium): LaidOutDocument {
  const root = pass.root
  const rootBottom = root.y + root.h
  let bottom: number
  if (medium === 'screen') bottom = Math.max(rootBottom, contentBottom(root))
  else {
    const explicit = root.style.height !== 'auto' || root.style.minHeight.px > 0 || root.style.minHeight.pct > 0
    bottom = Math.max(explicit ? rootBottom : contentBottom(root), ...pass.flow.hard.map((s) => s[1]), 0)
  }
  return { root, flow: pass.flow, height: bottom, scale, canvas: takeCanvas(root) }
}

/** The lowest edge of what is laid out inside `frag`; what an overflow clip hides does not make the document longer. */
export function contentBottom(frag: BoxFrag): number {
  let bottom = 0
  for (const child of frag.children) {
    if (child.kind === 'box') {
      bottom = Math.max(bottom, child.y + child.h)
      if (child.style.overflow === 'visible') bottom = Math.max(bottom, contentBottom(child))
    } else if (child.kind === 'edge') bottom = Math.max(bottom, child.y1, child.y2)
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
