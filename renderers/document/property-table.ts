// Every longhand the cascade computes, plus the properties deliberately ignored because they have no
// effect on a static, non-interactive document.
import type { PropertyDef } from './property-def.js'
import { LAYOUT_PROPERTIES } from './properties-layout.js'
import { PAINT_PROPERTIES } from './properties-paint.js'
import { TEXT_PROPERTIES } from './properties-text.js'
import { GRID_PROPERTIES } from './properties-grid.js'
import { TRANSFORM_PROPERTIES } from './properties-transform.js'
import { SVG_PROPERTIES } from './properties-svg.js'
import { ZOOM_PROPERTIES } from './properties-zoom.js'
import { BOOKMARK_PROPERTIES } from './properties-bookmarks.js'
import { BORDER_IMAGE_PROPERTIES } from './properties-border-image.js'
import { CONTAINMENT_PROPERTIES } from './properties-containment.js'

export const PROPERTIES: Record<string, PropertyDef> = { ...LAYOUT_PROPERTIES, ...TEXT_PROPERTIES, ...PAINT_PROPERTIES, ...GRID_PROPERTIES, ...TRANSFORM_PROPERTIES, ...SVG_PROPERTIES, ...ZOOM_PROPERTIES, ...BOOKMARK_PROPERTIES, ...BORDER_IMAGE_PROPERTIES, ...CONTAINMENT_PROPERTIES }

export const IGNORED_PROPERTIES = new Set([
  'cursor', 'pointer-events', 'user-select', 'touch-action', 'resize', 'appearance', 'caret-color', 'accent-color',
  'transition', 'transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay',
  'animation', 'animation-name', 'animation-duration', 'animation-timing-function', 'animation-delay',
  'animation-iteration-count', 'animation-direction', 'animation-fill-mode', 'animation-play-state',
  'will-change', 'scroll-behavior', 'scroll-margin', 'scroll-padding', 'scroll-snap-type', 'scroll-snap-align',
  'overscroll-behavior', 'text-size-adjust', 'text-rendering', 'font-smoothing', 'font-optical-sizing',
  'print-color-adjust', 'color-adjust', 'color-scheme', 'speak', 'image-rendering', 'tab-size',
  'font-display', 'src', 'unicode-range', 'content-visibility', 'forced-color-adjust',
  'hyphenate-character', 'outline-offset', 'text-decoration-skip-ink',
  'font-synthesis', 'background-attachment', 'line-break', 'isolation', 'text-underline-position',
])

const accept = (initial: string, ...values: string[]): PropertyDef => ({
  inherited: false,
  initial,
  apply: (toks) => toks.length === 1 && toks[0].t === 'ident' && values.includes(toks[0].v),
  inherit: () => undefined,
})

// Accepted only at values that need no support; anything else is reported as unsupported.
Object.assign(PROPERTIES, {
  hyphens: accept('manual', 'manual', 'none'),
  'font-variant-numeric': accept('normal', 'normal', 'lining-nums', 'tabular-nums', 'proportional-nums'),
  'font-feature-settings': accept('normal', 'normal'),
  'mix-blend-mode': accept('normal', 'normal'),
  'text-decoration-thickness': accept('auto', 'auto', 'from-font'),
  'text-underline-offset': accept('auto', 'auto'),
  'box-decoration-break': accept('slice', 'slice'),
  'object-position': accept('50% 50%', 'center'),
  'object-fit': accept('fill', 'fill'),
  filter: accept('none', 'none'),
  outline: accept('none', 'none', '0'),
  'outline-style': accept('none', 'none'),
  'outline-width': accept('medium', 'medium'),
  'outline-color': accept('currentcolor', 'currentcolor', 'invert'),
  'clip-path': accept('none', 'none'),
  'text-overflow': accept('clip', 'clip'),
  'string-set': accept('none', 'none'),
})
