// Whether a rectangle in the current coordinates lands wholly outside the page: text moved off the page
// (`left: -9999px` skip links, a sidebar translated out of view) is not painted, so that it is neither in a
// tagged PDF's structure tree — a reader would speak what nobody sees, and Chromium's tree leaves it out —
// nor a link annotation off the sheet. Nothing visible changes.

interface PdfkitGeometry {
  /** The current transformation, user space → the page's default space (points, y up). */
  _ctm: [number, number, number, number, number, number]
  page: { width: number; height: number }
}

/** `margin` widens the rectangle on every side first (glyphs reach past their line box). */
export function offPage(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, margin = 0): boolean {
  const { _ctm: m, page } = doc as unknown as PdfkitGeometry
  const x0 = x - margin
  const x1 = x + w + margin
  const y0 = y - margin
  const y1 = y + h + margin
  // The corners' images: the extremes of an affine map over a rectangle are at its corners.
  const ax0 = m[0] * x0
  const ax1 = m[0] * x1
  const cy0 = m[2] * y0
  const cy1 = m[2] * y1
  const bx0 = m[1] * x0
  const bx1 = m[1] * x1
  const dy0 = m[3] * y0
  const dy1 = m[3] * y1
  const minX = Math.min(ax0, ax1) + Math.min(cy0, cy1) + m[4]
  const maxX = Math.max(ax0, ax1) + Math.max(cy0, cy1) + m[4]
  const minY = Math.min(bx0, bx1) + Math.min(dy0, dy1) + m[5]
  const maxY = Math.max(bx0, bx1) + Math.max(dy0, dy1) + m[5]
  return maxX <= 0 || minX >= page.width || maxY <= 0 || minY >= page.height
}
