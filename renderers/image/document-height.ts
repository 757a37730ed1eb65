import type { SatoriNode } from 'satori'

/** Tracks the lowest edge of every laid-out box: the document's scroll height. */
export class DocumentHeight {
  bottom = 0
  readonly onNode = (node: SatoriNode): void => {
    const b = node.top + node.height
    if (b > this.bottom) this.bottom = b
  }
}

/** Sets the SVG's height (satori draws what lies below its height too, so the canvas can grow after layout). */
export function withSvgHeight(svg: string, width: number, height: number): string {
  return svg.replace(/^<svg width="[^"]*" height="[^"]*" viewBox="[^"]*"/, `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`)
}
