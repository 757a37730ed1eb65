// CSS Fonts 4 §5.2 font matching among the faces a template declares for one family: font-style first
// (italic → oblique → normal, and the reverse for normal), then font-weight (the desired weight when a face
// covers it; for 400–500 the heavier faces up to 500 first, then lighter, then heavier; below 400 lighter
// first; above 500 heavier first). Faces with the same descriptors are the unicode-range segments of one face.
export interface Descriptors { weight: [number, number]; style: 'normal' | 'italic' | 'oblique' }

const STYLE_ORDER: Record<string, readonly string[]> = {
  italic: ['italic', 'oblique', 'normal'],
  oblique: ['oblique', 'italic', 'normal'],
  normal: ['normal', 'oblique', 'italic'],
}

/** How far a face's weight range is from the desired weight, in the order §5.2 tries them (lower is better). */
function weightRank(range: [number, number], w: number): number {
  const [lo, hi] = range
  if (lo <= w && w <= hi) return 0
  const heavier = lo > w
  const distance = heavier ? lo - w : w - hi
  if (w >= 400 && w <= 500) {
    if (heavier && lo <= 500) return distance
    return heavier ? 2000 + distance : 1000 + distance
  }
  const preferHeavier = w > 500
  return heavier === preferHeavier ? distance : 1000 + distance
}

/** The faces of the best-matching descriptors (all segments), in the order they are tried: the last declared first. */
export function matchFaces<T extends Descriptors>(faces: readonly T[], weight: number, style: string): T[] {
  if (faces.length === 0) return []
  const order = STYLE_ORDER[style] ?? STYLE_ORDER.normal
  let styleFaces: readonly T[] = faces
  for (const s of order) {
    const found = faces.filter((f) => f.style === s)
    if (found.length > 0) { styleFaces = found; break }
  }
  let best = Infinity
  for (const f of styleFaces) best = Math.min(best, weightRank(f.weight, weight))
  const bestFaces = styleFaces.filter((f) => weightRank(f.weight, weight) === best)
  // Among faces with equal descriptors the later rule wins (§4.5: checked in reverse order of definition).
  return [...bestFaces].reverse()
}
