// Per-render state of TemplateTo's extensions: the culture that format_number and friends use, the
// section counters of secUp/secCt (shared by the template and the content blocks it embeds) and the
// depth of contentBlock() nesting. Liquid renders synchronously (render-liquid.ts), so
// like the content blocks (block-scope.ts) the state of the render in progress is simply "current".
import { DEFAULT_CULTURE } from './culture.js'

export interface RenderState {
  culture: string
  counters: Map<string, number>
  /** contentBlock() nesting depth, bounded so that a block embedding itself stops. */
  depth: number
}

let current: RenderState | undefined

export function withRenderState<T>(state: RenderState, run: () => T): T {
  const outer = current
  current = state
  try {
    return run()
  } finally {
    current = outer
  }
}

export function renderState(): RenderState {
  return current ?? { culture: DEFAULT_CULTURE, counters: new Map(), depth: 0 }
}
