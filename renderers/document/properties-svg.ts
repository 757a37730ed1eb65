// SVG presentation properties. They do nothing to HTML boxes; the cascade keeps them so that page CSS such
// as `.logo path { fill: #c00 }` reaches an inline <svg>'s elements, whose markup is written out with the
// matched declarations as style attributes (inline-svg.ts).
import type { PropertyDef } from './property-def.js'

const inert = (initial: string): PropertyDef => ({ inherited: true, initial, apply: () => true, inherit: () => undefined })

/** The SVG-only properties; display, visibility, opacity, color and font-* are HTML properties as well. */
export const SVG_ONLY_PROPERTIES = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stop-color', 'stop-opacity', 'text-anchor', 'dominant-baseline',
  'paint-order', 'vector-effect', 'shape-rendering', 'clip-rule',
] as const

export const SVG_PROPERTIES: Record<string, PropertyDef> = Object.fromEntries(SVG_ONLY_PROPERTIES.map((p) => [p, inert('none')]))
