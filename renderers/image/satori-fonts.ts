// Every face goes to satori once per worker: satori parses font data on each call it sees new objects for,
// so the same array (same Buffer objects) is handed over on every render.
import type { Font } from 'satori'
import { ALL_FACES, fontBytes } from '../fonts/index.js'

let cached: Font[] | null = null

/** The font option array for satori, built once per process (per worker). */
export function satoriFonts(): Font[] {
  if (!cached) {
    cached = ALL_FACES.map((face) => ({
      name: face.name,
      data: fontBytes(face),
      weight: face.weight,
      style: face.style,
    }))
  }
  return cached
}
