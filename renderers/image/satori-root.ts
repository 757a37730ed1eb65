// The top of the satori tree: a box the size of the viewport (the initial containing block, so `height:
// 100%` on html and body works) holding the <html> element. Chromium paints the root background (or the
// body's, when the root has none) over the whole canvas; its colour becomes resvg's background.
import type { Color, StyledDocument, StyledElement } from '../document/styled-tree.js'
import { blendOnWhite } from './canvas-color.js'
import { isTransparent } from './css-values.js'
import { element, type SatoriElement } from './satori-element.js'
import type { StyleContext } from './satori-style.js'
import { convertElement } from './to-satori-tree.js'

export interface SatoriRoot {
  root: SatoriElement
  /** CSS colour of the canvas (white when the document sets none, as Chromium's screenshots). */
  canvas: string
}

const hasBackground = (el: StyledElement): boolean =>
  !isTransparent(el.style.backgroundColor) || el.style.backgroundLayers.length > 0

export function satoriRoot(doc: StyledDocument, ctx: StyleContext, width: number, height: number): SatoriRoot {
  let html = doc.root
  let canvasColor: Color | null = null
  const body = html.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'body')
  if (hasBackground(html)) {
    canvasColor = html.style.backgroundColor
  } else if (body && hasBackground(body)) {
    // The body's background moves to the root: it then covers the whole canvas, not just the body box.
    canvasColor = body.style.backgroundColor
    const movedBody: StyledElement = { ...body, style: { ...body.style, backgroundColor: null, backgroundLayers: [] } }
    html = {
      ...html,
      style: { ...html.style, backgroundColor: body.style.backgroundColor, backgroundLayers: body.style.backgroundLayers },
      children: html.children.map((c) => (c === body ? movedBody : c)),
    }
  }
  const converted = convertElement(html, ctx)
  // flow-root: the root's margins must not collapse through the canvas (they would move the whole page down).
  const root = element('div', { display: 'flow-root', position: 'relative', width, height }, converted ? [converted] : [])
  const canvas = canvasColor && !isTransparent(canvasColor) ? blendOnWhite(canvasColor) : 'white'
  return { root, canvas }
}
