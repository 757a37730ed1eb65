// svg-to-pdfkit's drawing of one SVG at one size, kept per worker as the pdfkit calls it made: a template
// draws the same icons every render, and svg-to-pdfkit parsed each one's markup, resolved its styles and
// walked its path data again every time (tailadmin-dashboard's 20 icons, about a third of its PDF render in
// process). Played back, the same calls with the same arguments write the same bytes and register the same
// graphics states. Only a drawing that used nothing but the calls below is kept: one that reads the document
// (its page, transformation matrix or fonts: groups, masks, patterns, gradients, text, images, links) is
// drawn by svg-to-pdfkit every time. QUIRE_PATCHES=off draws every SVG with svg-to-pdfkit (docs/internals.md).
import { createRequire } from 'node:module'
import type SVGtoPDFType from 'svg-to-pdfkit'
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import { PATCHES_ON } from '../patches.js'

// Loaded on the first SVG painted, not when the worker starts: some 0.1 s of CPU that a document without
// SVG never needs (docs/operations.md#start-up-and-memory). require() keeps painting synchronous.
const require = createRequire(import.meta.url)
let svgToPdf: typeof SVGtoPDFType | null = null

export type SvgOptions = SVGtoPDFType.Options

/** pdfkit methods whose effect depends only on their arguments and the document's state, each returning the document. */
const REPLAYABLE = new Set([
  'save', 'restore', 'transform', 'translate', 'scale', 'rect', 'circle', 'ellipse', 'moveTo', 'lineTo', 'bezierCurveTo',
  'quadraticCurveTo', 'closePath', 'fill', 'stroke', 'fillAndStroke', 'clip', 'lineWidth', 'miterLimit', 'lineJoin',
  'lineCap', 'dash', 'undash', 'fillColor', 'strokeColor', 'fillOpacity', 'strokeOpacity',
])

/** svg-to-pdfkit saves the fill colour before drawing and puts it back after, as pdfkit state, not as a call. */
const FILL_COLOR = '_fillColor'

type Call = readonly [method: string, args: readonly unknown[]]
type Doc = PDFKit.PDFDocument & Record<string, unknown>

/**
 * Drawings by markup, then by size; null for an SVG that has to be drawn every time. The markup is the key on
 * its own: the string merged-svg-cache.ts hands out each render, whose hash V8 keeps (a key made from it and
 * the size would be a new string to hash every time: 200 KB for a QR code).
 */
const drawings = new ByteBoundedCache<Map<string, readonly Call[] | null>>(8 * 2 ** 20)
/** Sizes kept per markup (a percentage-sized SVG may be drawn at many). */
const MAX_SIZES = 8
let replays = 0

/** Draws `svg` (its root sized to `options.width` × `options.height`) with its top left at x, y, as svg-to-pdfkit does. */
export function drawSvg(doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options: SvgOptions): void {
  svgToPdf ??= require('svg-to-pdfkit') as typeof SVGtoPDFType
  const size = `${options.width} ${options.height}`
  const sizes = PATCHES_ON ? drawings.get(svg) : undefined
  const known = PATCHES_ON ? sizes?.get(size) : null
  if (known) return replay(doc as Doc, known, x || 0, y || 0)
  if (known === null) return svgToPdf(doc as never, svg, x, y, options)
  const recorder = record(doc as Doc)
  // A font is registered with the document as a side effect: text is drawn every time.
  const fontCallback = options.fontCallback
  svgToPdf(recorder.doc as never, svg, x, y, fontCallback ? { ...options, fontCallback: (...args) => { recorder.taint(); return fontCallback(...args) } } : options)
  const calls = recorder.calls()
  const placed = calls !== null && calls.length >= 2 && calls[0][0] === 'save' && calls[1][0] === 'translate' &&
    calls[1][1][0] === (x || 0) && calls[1][1][1] === (y || 0)
  const drawing = placed ? calls : null
  if (sizes) {
    if (sizes.size < MAX_SIZES) sizes.set(size, drawing)
  } else {
    drawings.remember(svg, new Map([[size, drawing]]), 2 * svg.length + 64 * MAX_SIZES * (calls?.length ?? 0))
  }
}

/** The recorded calls again, the second (the translation to the drawing's place) to x, y. */
function replay(doc: Doc, calls: readonly Call[], x: number, y: number): void {
  replays++
  const saved = doc[FILL_COLOR]
  for (let i = 0; i < calls.length; i++) {
    const [method, args] = calls[i]
    if (i === 1) doc.translate(x, y)
    else (doc[method] as (...a: unknown[]) => unknown)(...args)
  }
  doc[FILL_COLOR] = saved
}

/**
 * A stand-in for the document that passes every call on and notes the replayable ones; anything else it is
 * asked for (a property, another method) marks the drawing as one that cannot be replayed.
 */
function record(doc: Doc): { doc: PDFKit.PDFDocument; calls(): readonly Call[] | null; taint(): void } {
  const calls: Call[] = []
  let replayable = true
  const methods = new Map<string, (...args: unknown[]) => unknown>()
  const stand: Doc = new Proxy(doc, {
    get(target, prop) {
      if (typeof prop === 'string' && REPLAYABLE.has(prop)) {
        let method = methods.get(prop)
        if (!method) {
          method = (...args: unknown[]) => {
            calls.push([prop, args.map((a) => {
              const copy = copied(a)
              if (copy === UNCOPIED) replayable = false
              return copy === UNCOPIED ? a : copy
            })])
            const out = (target[prop] as (...a: unknown[]) => unknown)(...args)
            if (out !== target) replayable = false
            return out === target ? stand : out
          }
          methods.set(prop, method)
        }
        return method
      }
      if (prop !== FILL_COLOR) replayable = false
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
    set(target, prop, value) {
      if (prop !== FILL_COLOR) replayable = false
      return Reflect.set(target, prop, value, target)
    },
  })
  return { doc: stand, calls: () => (replayable ? calls : null), taint: () => { replayable = false } }
}

const UNCOPIED = Symbol('uncopied')
const primitive = (v: unknown): boolean => v === null || (typeof v !== 'object' && typeof v !== 'function')

/**
 * An argument as it is now (svg-to-pdfkit reuses its arrays: a dash array is scaled in place): a primitive,
 * an array of primitives or a plain object of them (a colour, a dash pattern and its phase); anything else
 * (a gradient, an image) cannot be kept.
 */
function copied(a: unknown): unknown {
  if (primitive(a)) return a
  if (Array.isArray(a)) return a.every(primitive) ? a.slice() : UNCOPIED
  if (Object.getPrototypeOf(a) === Object.prototype && Object.values(a as object).every(primitive)) return { ...(a as object) }
  return UNCOPIED
}

/** How many drawings were played back rather than drawn by svg-to-pdfkit (tests). */
export function svgReplays(): number {
  return replays
}
