// The font store of a document that brings its own fonts: font-family lists are resolved against the
// document's @font-face families first (in list order, so `Arial, "Inter"` still prints in Arial), and a
// character the chosen web font lacks (or that lies outside its unicode-range segment) goes to the other
// segments of the face, then to the bundled family the rest of the list names, then to the bundled
// fallback. Everything else — measuring, shaping, metrics, pdfkit — is the shared store's, so a document
// without @font-face never comes here and pays nothing.
import type { ComputedStyle } from '../document/styled-tree.js'
import { splitRuns, type FaceRun, type FontStore } from './font-store.js'
import { cjkSansFace, fallbackChain, resolveFace, resolveFamilyOrNull, type FontFace } from './index.js'
import type { DocumentFonts } from './load-document-fonts.js'
import { matchFaces } from './match-face.js'
import type { OperatorFonts } from './operator-fonts.js'

/** `operator`: the fonts of FONT_DIR, matched by name after the document's own and tried after every bundled face. */
export function documentFontStore(base: FontStore, webFonts: DocumentFonts, operator?: OperatorFonts): FontStore {
  const extra = operator?.faces ?? []
  if (webFonts.size === 0 && extra.length === 0) return base
  // A template's @font-face family shadows an installed one of the same name, as in a browser.
  const fonts: DocumentFonts = extra.length > 0 ? new Map([...operator!.families, ...webFonts]) : webFonts
  const byStyle = new Map<ComputedStyle, FontFace>()
  const byRequest = new Map<string, FontFace>()
  /** The faces tried after a web face, by the face object faceOf handed out. */
  const chains = new Map<FontFace, FontFace[]>()
  /** unicode-range of each face object in a chain (absent = every character). */
  const ranges = new Map<FontFace, Array<[number, number]>>()

  const accepts = (face: FontFace, cp: number): boolean => {
    const r = ranges.get(face)
    if (!r) return true
    for (const [lo, hi] of r) if (cp >= lo && cp <= hi) return true
    return false
  }

  const resolve = (families: readonly string[], weight: number, style: string): FontFace => {
    for (let i = 0; i < families.length; i++) {
      const name = families[i].toLowerCase()
      const declared = fonts.get(name)
      if (!declared) {
        if (resolveFamilyOrNull([name])) break // a bundled family comes first in the list
        continue
      }
      const segments = matchFaces(declared, weight, style).map((web) => {
        // A face object per use, so that its chain and range belong to this family list.
        const face: FontFace = { ...web.face }
        if (web.unicodeRange) ranges.set(face, web.unicodeRange)
        return face
      })
      // The primary face (line metrics) is the segment that has the space, as in Chromium.
      const primaryAt = Math.max(0, segments.findIndex((f) => accepts(f, 0x20)))
      const [primary] = segments.splice(primaryAt, 1)
      const rest = resolveFace(families.slice(i + 1), weight, style)
      chains.set(primary, [primary, ...segments, rest, ...fallbackChain(weight, style), ...extra])
      return primary
    }
    return resolveFace(families, weight, style)
  }

  const faceOf = (style: ComputedStyle): FontFace => {
    let face = byStyle.get(style)
    if (face) return face
    const key = `${style.fontFamily.join('\u0000')}\u0001${style.fontWeight}\u0001${style.fontStyle}\u0001${style.cjkLang}`
    face = byRequest.get(key)
    if (!face) {
      face = resolve(style.fontFamily, style.fontWeight, style.fontStyle)
      // A template's own font before the generic keeps its place; otherwise `sans-serif` under lang="ja" is CJK.
      if (face.family !== 'web') face = cjkSansFace(style.fontFamily, style.cjkLang, style.fontWeight) ?? face
      byRequest.set(key, face)
    }
    byStyle.set(style, face)
    return face
  }

  const runs = (face: FontFace, text: string): FaceRun[] => {
    const chain = chains.get(face)
    if (chain) return splitRuns(chain, text, accepts)
    if (extra.length === 0 || base.covers(face, text)) return base.runs(face, text)
    return splitRuns([face, ...fallbackChain(face.weight, face.style), ...extra], text)
  }

  return { ...base, faceOf, runs }
}
