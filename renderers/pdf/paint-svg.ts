// An SVG image (inline <svg> or <img src="….svg">) drawn into the PDF as vectors by svg-to-pdfkit: paths,
// shapes, gradients, use/defs, clip paths, viewBox and preserveAspectRatio. Its <text> is set in the
// document's own fonts (registered with the document like any other face), so it can be searched and copied.
import { resolveFace } from '../fonts/index.js'
import { svgLengthPx } from '../resources/svg-raster-root.js'
import { mergedSvg } from './merged-svg-cache.js'
import { withRectBatches } from './paint-rect-batches.js'
import type { PaintTarget } from './paint-target.js'
import { drawSvg } from './svg-drawings.js'

export function paintSvg(target: PaintTarget, svg: string, x: number, y: number, width: number, height: number): void {
  const doc = target.doc
  doc.save()
  try {
    const merged = mergedSvg(fitRoot(svg))
    withRectBatches(doc, merged.batches, () => drawSvg(doc, merged.svg, x, y, {
      width,
      height,
      // The page painter already works in CSS px: no px → pt scaling of its own.
      assumePt: true,
      // The SVG's own preserveAspectRatio places its viewBox inside the box CSS sized.
      fontCallback: (family, bold, italic) => {
        const families = family.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, '')).filter((f) => f !== '')
        return target.font(resolveFace(families.length ? families : ['serif'], bold ? 700 : 400, italic ? 'italic' : 'normal'))
      },
      warningCallback: () => undefined,
    }))
  } catch (err) {
    target.warnings.add(`SVG image could not be drawn: ${err instanceof Error ? err.message : String(err)}`)
  }
  doc.restore()
}

const ROOT = /<svg\b[^>]*>/i

/**
 * The root sized to the viewport (its box), as browsers draw an SVG image: width/height become 100%, and
 * a root without a viewBox gets one from its own width/height so that the drawing scales with the box.
 */
function fitRoot(svg: string): string {
  const m = ROOT.exec(svg)
  if (!m) return svg
  let tag = m[0]
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`, 'i')
  const value = (name: string): string | null => { const a = attr(name).exec(tag); return a ? a[1].slice(1, -1) : null }
  if (value('viewBox') === null) {
    // In CSS px (210mm → 793.7), the user units its content's mm and pt are measured in.
    const w = svgLengthPx(value('width'))
    const h = svgLengthPx(value('height'))
    if (w !== null && h !== null) tag = tag.replace(/^<svg/i, `<svg viewBox="0 0 ${w} ${h}"`)
  }
  for (const name of ['width', 'height']) {
    tag = attr(name).test(tag) ? tag.replace(attr(name), ` ${name}="100%"`) : tag.replace(/^<svg/i, `<svg ${name}="100%"`)
  }
  return svg.slice(0, m.index) + tag + svg.slice(m.index + m[0].length)
}
