// The element the page's SVG draws a loaded image with. An SVG image of plain shapes goes in as its own
// markup, a nested <svg> sized to the box it fills, so resvg draws the vectors at their final size and place
// (a background of `background-size: cover` was its raster at the natural size, stretched and blurred) and
// percentages and the viewBox resolve against that box as in Chromium. Its ids are prefixed, so they meet
// neither the page's nor another copy's. Anything that could reach outside it or needs what resvg is not given
// (text and its fonts, images, styles, filters, entities, references outside the document) keeps the raster
// librsvg made in the native helper.
import type { LoadedImage } from '../resources/index.js'
import { imageHref } from './resampled-images.js'
import type { BoxPaint } from './svg-box.js'
import { attr, num } from './svg-format.js'

/** Markup resvg draws as librsvg does with nothing from outside: no text, images, styles, filters or entities. */
const NOT_PLAIN = /<\s*(?:[\w-]+:)?(?:text|image|foreignObject|style|filter|feImage|use|script|iframe|a)\b|<!ENTITY|@import|url\(\s*['"]?(?!#)|href\s*=\s*["'](?!#)|\sstyle\s*=/i
const ROOT = /<svg\b[^>]*>/i
const END = /<\/(?:[\w-]+:)?svg\s*>\s*$/i

interface Plain { root: string; inner: string }
const plainCache = new WeakMap<Buffer, Plain | null>()

/** The root tag (without its sizes) and content of a plain SVG image; null when it is not plain. */
function plainSvg(image: LoadedImage): Plain | null {
  let plain = plainCache.get(image.bytes)
  if (plain === undefined) {
    plain = null
    const svg = image.svg
    const m = svg !== undefined && !NOT_PLAIN.test(svg) ? ROOT.exec(svg) : null
    if (svg !== undefined && m) {
      const rest = svg.slice(m.index + m[0].length)
      const selfClosing = m[0].endsWith('/>')
      const end = END.exec(rest)
      if (selfClosing || end) {
        let root = selfClosing ? m[0].slice(0, -2) + '>' : m[0]
        for (const name of ['x', 'y', 'width', 'height']) root = removeAttr(root, name)
        // Without a viewBox the raster was the drawing at the size it was made at, stretched: so is this.
        if (!attrPattern('viewBox').test(root)) root = setAttr(setAttr(root, 'viewBox', `0 0 ${image.width} ${image.height}`), 'preserveAspectRatio', 'none')
        plain = { root, inner: selfClosing ? '' : rest.slice(0, end!.index) }
      }
    }
    plainCache.set(image.bytes, plain)
  }
  return plain
}

const attrPattern = (name: string) => new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`, 'i')

function setAttr(tag: string, name: string, value: string): string {
  const pattern = attrPattern(name)
  return pattern.test(tag) ? tag.replace(pattern, ` ${name}="${value}"`) : tag.replace(/^<svg/i, `<svg ${name}="${value}"`)
}
function removeAttr(tag: string, name: string): string {
  return tag.replace(attrPattern(name), '')
}

/** The SVG's ids and the references to them, prefixed. */
function prefixIds(markup: string, prefix: string): string {
  return markup
    .replace(/(\sid\s*=\s*["'])/gi, `$1${prefix}`)
    .replace(/(url\(\s*['"]?#)/gi, `$1${prefix}`)
    .replace(/(href\s*=\s*["']#)/gi, `$1${prefix}`)
}

/** Whether `image` is drawn as its own markup (vectors at their final size), not from a raster. */
export function drawnAsVectors(image: LoadedImage): boolean {
  return plainSvg(image) !== null
}

/**
 * An element drawing `image` over the rectangle. With `id`, the element carries it (a definition that
 * <use> places, so tiles share one). A page that takes an SVG image's markup is `risky`: like the librsvg
 * raster, the customer's markup is only ever drawn in the native helper process (docs/limits.md).
 */
export function imageElement(image: LoadedImage, r: { x: number; y: number; w: number; h: number }, ctx: Pick<BoxPaint, 'defs' | 'bounds' | 'slots'>, id?: string): string {
  const plain = r.w > 0 && r.h > 0 ? plainSvg(image) : null
  const idAttr = id ? ` id="${id}"` : ''
  const place = `x="${num(r.x)}" y="${num(r.y)}" width="${num(r.w)}" height="${num(r.h)}"`
  if (!plain) return `<image${idAttr} href="${attr(imageHref(image, r.w, r.h, ctx.bounds.deviceScale(), ctx.slots))}" ${place} preserveAspectRatio="none"/>`
  ctx.bounds.risky = true
  const prefix = `${ctx.defs.unique()}-`
  const root = prefixIds(plain.root, prefix).replace(/^<svg/i, `<svg${idAttr} ${place}`)
  return `${root}${prefixIds(plain.inner, prefix)}</svg>`
}
