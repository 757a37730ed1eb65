// Fonts an operator brings (FONT_DIR): every .ttf, .otf and .woff file under the directory, read once per
// render worker. A family is matched by the name the font declares, as fontconfig matches installed fonts
// for Chromium (`font-family: "Corporate Sans"` finds it), and every face joins the end of the fallback
// chain, so a CJK font put there prints the characters the bundled fonts lack. A file that is not a
// readable font is skipped (docs/css-features.md says so); it never fails a render.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as fontkit from 'fontkit'
import type { Font } from 'fontkit'
import type { FontFace } from './index.js'
import type { DocumentFonts } from './load-document-fonts.js'
import { woffToSfnt } from './to-sfnt.js'

export interface OperatorFonts {
  /** Lower-cased family name → its faces. */
  families: DocumentFonts
  /** Every face, in file-name order: the end of the fallback chain. */
  faces: FontFace[]
}

/** Deep enough for `fonts/<family>/<file>` trees; a directory is never followed forever. */
const MAX_DEPTH = 3
const MAX_FILES = 500

const scanned = new Map<string, OperatorFonts>()

function fontFiles(dir: string, depth = 0, out: string[] = []): string[] {
  let entries: Array<{ name: string; isDirectory(): boolean; isFile(): boolean }>
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return out
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= MAX_FILES) break
    const path = join(dir, e.name)
    if (e.isDirectory() && depth < MAX_DEPTH) fontFiles(path, depth + 1, out)
    else if (e.isFile() && /\.(ttf|otf|woff)$/i.test(e.name)) out.push(path)
  }
  return out
}

function readFace(path: string): { face: FontFace; family: string; italic: boolean } | null {
  try {
    const raw = readFileSync(path)
    const bytes = raw.toString('latin1', 0, 4) === 'wOFF' ? woffToSfnt(raw) : raw
    const font = fontkit.create(bytes) as Font & { familyName?: string; italicAngle?: number; 'OS/2'?: { usWeightClass?: number; fsSelection?: { italic?: boolean } } }
    if (!('layout' in font) || !font.familyName) return null
    const weight = font['OS/2']?.usWeightClass || 400
    const italic = font['OS/2']?.fsSelection?.italic === true || (font.italicAngle ?? 0) !== 0
    const key = `operator-${createHash('sha256').update(path).digest('base64url').slice(0, 16)}`
    const face: FontFace = { key, family: 'operator', name: font.familyName, weight, style: italic ? 'italic' : 'normal', path, bytes }
    return { face, family: font.familyName.toLowerCase(), italic }
  } catch {
    return null
  }
}

/** The fonts of FONT_DIR (scanned on the first call per directory in this worker). */
export function operatorFonts(dir: string): OperatorFonts {
  let fonts = scanned.get(dir)
  if (fonts) return fonts
  fonts = { families: new Map(), faces: [] }
  for (const path of fontFiles(dir)) {
    const read = readFace(path)
    if (!read) continue
    fonts.faces.push(read.face)
    const entry = { face: read.face, weight: [read.face.weight, read.face.weight] as [number, number], style: read.italic ? 'italic' as const : 'normal' as const, unicodeRange: null }
    const list = fonts.families.get(read.family)
    if (list) list.push(entry)
    else fonts.families.set(read.family, [entry])
  }
  scanned.set(dir, fonts)
  return fonts
}
