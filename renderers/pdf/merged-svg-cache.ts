// merge-svg-rects.ts's answer per worker, by the SVG's markup: a document renders the same SVG every time
// (a QR code's 200 KB of <rect>s took some 10 ms a render to scan again). The batches are only read when
// painted, never changed, so renders share them. Bounded by the characters held (the key and the rewritten
// markup, two bytes each, and the rects' numbers), 8 MB.
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import { mergeSvgRects, type MergedSvg } from './merge-svg-rects.js'

const cache = new ByteBoundedCache<MergedSvg>(8 * 2 ** 20)

export function mergedSvg(svg: string): MergedSvg {
  const hit = cache.get(svg)
  if (hit) return hit
  const merged = mergeSvgRects(svg)
  const rects = merged.batches.reduce((n, b) => n + b.rects.length, 0)
  cache.remember(svg, merged, 2 * (svg.length + (merged.svg === svg ? 0 : merged.svg.length)) + 8 * rects)
  return merged
}

