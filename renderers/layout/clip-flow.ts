// An overflow clip ends the flow at the box's bottom edge: what is laid out below it is never printed, so
// its lines and rows must not make pages (Chromium prints an `overflow: hidden` wrapper of `100vh` on one
// page). Spans recorded inside the box are cut at its edge and forced breaks below it dropped.
import type { FlowConstraints } from './flow-constraints.js'

/** How much of each list was recorded before a box's content was laid out. */
export interface FlowMark { hard: number; soft: number; whole: number; forced: number }

export function flowMark(flow: FlowConstraints): FlowMark {
  return { hard: flow.hard.length, soft: flow.soft.length, whole: flow.whole.length, forced: flow.forced.length }
}

export function clipFlow(flow: FlowConstraints, mark: FlowMark, bottom: number): void {
  const cut = (spans: FlowConstraints['hard'], from: number) => {
    const kept = spans.slice(from).filter((s) => s[0] < bottom).map((s): [number, number] => [s[0], Math.min(s[1], bottom)])
    spans.splice(from, spans.length - from, ...kept)
  }
  cut(flow.hard, mark.hard)
  cut(flow.soft, mark.soft)
  const whole = flow.whole.slice(mark.whole).filter((s) => s[0] < bottom).map((s): [number, number, number] => [s[0], Math.min(s[1], bottom), Math.min(s[2], bottom)])
  flow.whole.splice(mark.whole, flow.whole.length - mark.whole, ...whole)
  const forced = flow.forced.slice(mark.forced).filter((y) => y < bottom)
  flow.forced.splice(mark.forced, flow.forced.length - mark.forced, ...forced)
}
