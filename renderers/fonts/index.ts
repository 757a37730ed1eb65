// Font selection and loading. Fonts ship as npm packages, metric-compatible with what Chromium uses on a
// Debian machine with fonts-liberation and fonts-dejavu (see shared/corpus/README.md):
//   Arial/Helvetica/sans-serif → Arimo (metrics of Liberation Sans / Arial)
//   Times/serif/cursive/fantasy/unknown families → Tinos (Liberation Serif / Times New Roman; Chromium's default)
//   Courier/Courier New → Cousine (Liberation Mono / Courier New)
//   monospace → DejaVu Sans Mono; system-ui and glyphs the others lack → DejaVu Sans
//   families Chromium on Linux does not have (-apple-system, Segoe UI, ui-sans-serif …) → skipped
// Liberation ships only regular and bold, so weights 100–500 use regular and 600–900 use bold, as Chromium does.
// Nothing depends on fonts installed on the machine.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { sharedFontFile } from './shared-font-files.js'

const require = createRequire(import.meta.url)

export type FontStyle = 'normal' | 'italic'
export type FamilyKey = 'sans' | 'serif' | 'courier' | 'mono' | 'dejavu'
/** Where a face comes from: a bundled family, a script fallback (Noto), or the template (@font-face). */
export type FaceOrigin = FamilyKey | 'script' | 'web' | 'operator'

export interface FontFace {
  /** Unique and stable: 'sans-700-italic'; a template's web font: 'web-<hash of its bytes>'. */
  key: string
  /** 'web': a face the template brought (@font-face), matched by load-document-fonts.ts. */
  family: FaceOrigin
  /** The family name the font declares (what fonts are matched on by name). */
  name: string
  weight: number
  style: FontStyle
  /** The file of a bundled face ('' for a web font). */
  path: string
  /** A web font's bytes (bundled faces are read from `path`). */
  bytes?: Buffer
}

const FILES: Record<FamilyKey, { name: string; files: Record<string, string> }> = {
  sans: {
    name: 'Arimo',
    files: {
      '400-normal': '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
      '700-normal': '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
      '400-italic': '@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf',
      '700-italic': '@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf',
    },
  },
  serif: {
    name: 'Tinos',
    files: {
      '400-normal': '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
      '700-normal': '@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf',
      '400-italic': '@expo-google-fonts/tinos/400Regular_Italic/Tinos_400Regular_Italic.ttf',
      '700-italic': '@expo-google-fonts/tinos/700Bold_Italic/Tinos_700Bold_Italic.ttf',
    },
  },
  courier: {
    name: 'Cousine',
    files: {
      '400-normal': '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
      '700-normal': '@expo-google-fonts/cousine/700Bold/Cousine_700Bold.ttf',
      '400-italic': '@expo-google-fonts/cousine/400Regular_Italic/Cousine_400Regular_Italic.ttf',
      '700-italic': '@expo-google-fonts/cousine/700Bold_Italic/Cousine_700Bold_Italic.ttf',
    },
  },
  mono: {
    name: 'DejaVu Sans Mono',
    files: {
      '400-normal': 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
      '700-normal': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf',
      '400-italic': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Oblique.ttf',
      '700-italic': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-BoldOblique.ttf',
    },
  },
  dejavu: {
    name: 'DejaVu Sans',
    files: {
      '400-normal': 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
      '700-normal': 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      '400-italic': 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
      '700-italic': 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf',
    },
  },
}

/**
 * Family names (lower-case) that resolve to an installed family, as Chromium on Linux resolves them through
 * fontconfig's metric aliases on Debian (probed with Chromium 156 and the corpus fonts.conf). Every other name
 * is skipped and the next family in the list is tried, as Chromium does: `-apple-system`,
 * `BlinkMacSystemFont`, `Segoe UI`, `Roboto`, `Helvetica Neue` and the `ui-*` families (macOS only in
 * Chromium) are not installed there, so `-apple-system, …, Helvetica, Arial, sans-serif` prints in Liberation
 * Sans, and a list with no known name falls back to Chromium's default, Liberation Serif.
 */
const FAMILY_NAMES: Record<string, FamilyKey> = {
  'sans-serif': 'sans', arial: 'sans', helvetica: 'sans', 'liberation sans': 'sans', arimo: 'sans',
  serif: 'serif', 'times new roman': 'serif', times: 'serif', 'liberation serif': 'serif', tinos: 'serif',
  cursive: 'serif', fantasy: 'serif',
  'courier new': 'courier', courier: 'courier', 'liberation mono': 'courier', cousine: 'courier',
  monospace: 'mono', 'dejavu sans mono': 'mono',
  'system-ui': 'dejavu', 'dejavu sans': 'dejavu',
}

export const ALL_FACES: FontFace[] = (Object.keys(FILES) as FamilyKey[]).flatMap((family) =>
  Object.entries(FILES[family].files).map(([variant, spec]) => {
    const [weight, style] = variant.split('-') as [string, FontStyle]
    return {
      key: `${family}-${weight}-${style}`,
      family,
      name: FILES[family].name,
      weight: Number(weight),
      style,
      path: require.resolve(spec),
    }
  }),
)

const BY_KEY = new Map(ALL_FACES.map((face) => [face.key, face]))

/** The installed family a CSS font-family list resolves to (first known name wins; none → serif, Chromium's default). */
export function resolveFamily(families: readonly string[]): FamilyKey {
  return resolveFamilyOrNull(families) ?? 'serif'
}

/** The installed family of the first known name in the list, or null when it names none. */
export function resolveFamilyOrNull(families: readonly string[]): FamilyKey | null {
  for (const family of families) {
    const known = FAMILY_NAMES[family.toLowerCase()]
    if (known) return known
  }
  return null
}

function faceFor(family: FamilyKey, weight: number, style: string): FontFace {
  const w = weight >= 600 ? 700 : 400
  const s: FontStyle = style === 'italic' || style === 'oblique' ? 'italic' : 'normal'
  return BY_KEY.get(`${family}-${w}-${s}`)!
}

/** The face for a CSS font-family list, weight and style. */
export function resolveFace(families: readonly string[], weight: number, style: string): FontFace {
  return faceFor(resolveFamily(families), weight, style)
}

/** The face used for characters the chosen face has no glyph for (and that draws the box of a glyph no face has). */
export function fallbackFace(weight: number, style: string): FontFace {
  return faceFor('dejavu', weight, style)
}

/**
 * Scripts neither the chosen face nor DejaVu Sans covers, in Noto (as Chromium on Debian with fonts-noto
 * finds them): regular and bold, no italics (Chromium draws those upright too). Devanagari and Thai ship with
 * Quire (a few MB); CJK families are tens of MB each, so they are used when the operator installs them
 * (`npm install @expo-google-fonts/noto-sans-jp`, docs/css-features.md) and skipped when absent.
 */
const SCRIPT_FONTS: Array<{ key: string; name: string; regular: string; bold: string }> = [
  { key: 'devanagari', name: 'Noto Sans Devanagari', regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf' },
  { key: 'thai', name: 'Noto Sans Thai', regular: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf' },
  { key: 'jp', name: 'Noto Sans JP', regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf' },
  { key: 'sc', name: 'Noto Sans SC', regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf' },
  { key: 'kr', name: 'Noto Sans KR', regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf', bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf' },
]

function installed(spec: string): string | null {
  try {
    return require.resolve(spec)
  } catch {
    return null
  }
}

const SCRIPT_FACES: Array<{ regular: FontFace; bold: FontFace }> = SCRIPT_FONTS.flatMap((f) => {
  const regular = installed(f.regular)
  if (!regular) return []
  const bold = installed(f.bold) ?? regular
  const face = (weight: number, path: string): FontFace => ({ key: `script-${f.key}-${weight}`, family: 'script', name: f.name, weight, style: 'normal', path })
  return [{ regular: face(400, regular), bold: face(700, bold) }]
})

const chains = new Map<string, FontFace[]>()

/** The faces tried, in order, for characters the chosen face lacks: DejaVu Sans, then the script fonts. */
export function fallbackChain(weight: number, style: string): readonly FontFace[] {
  const first = fallbackFace(weight, style)
  let chain = chains.get(first.key)
  if (!chain) {
    chain = [first, ...SCRIPT_FACES.map((f) => (first.weight >= 700 ? f.bold : f.regular))]
    chains.set(first.key, chain)
  }
  return chain
}

const bytesCache = new Map<string, Buffer>()

/** The font file's bytes: shared by the render workers (shared-font-files.ts), else read once per thread. */
export function fontBytes(face: FontFace): Buffer {
  if (face.bytes) return face.bytes
  let bytes = bytesCache.get(face.key)
  if (!bytes) {
    bytes = sharedFontFile(face.path) ?? readFileSync(face.path)
    bytesCache.set(face.key, bytes)
  }
  return bytes
}

/** Every font file Quire's own faces read (the production prune, scripts/prune-runtime.mjs, keeps these). */
export function shippedFontFiles(): string[] {
  return [...ALL_FACES.map((face) => face.path), ...SCRIPT_FACES.flatMap((f) => [f.regular.path, f.bold.path])]
}

const CJK_SCRIPT_KEY = { ja: 'jp', zh: 'sc', ko: 'kr' } as const

/**
 * The installed Noto CJK face that Chromium on Linux gives the generic `sans-serif` under `lang="ja"` (or
 * zh, ko) — for Latin text too, as fontconfig ranks the language above the generic's Liberation Sans — or
 * null: another language, no such package installed, or a family before `sans-serif` in the list that is
 * installed (`Arial, sans-serif` stays Liberation Sans). `serif` stays Liberation Serif, as in Chromium.
 */
export function cjkSansFace(families: readonly string[], lang: '' | 'ja' | 'zh' | 'ko', weight: number): FontFace | null {
  if (lang === '') return null
  const first = families.find((f) => FAMILY_NAMES[f.toLowerCase()] !== undefined)
  if (first === undefined || first.toLowerCase() !== 'sans-serif') return null
  const key = CJK_SCRIPT_KEY[lang]
  const faces = SCRIPT_FACES.find((f) => f.regular.key === `script-${key}-400`)
  if (!faces) return null
  return weight >= 600 ? faces.bold : faces.regular
}
