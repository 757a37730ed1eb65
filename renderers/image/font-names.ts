import type { FamilyKey } from '../fonts/index.js'
import { ALL_FACES } from '../fonts/index.js'

/** The declared family name of each installed family (resvg's default family is given by this name). */
export const FONT_NAMES = Object.fromEntries(ALL_FACES.map((face) => [face.family, face.name])) as unknown as Record<FamilyKey, string>
