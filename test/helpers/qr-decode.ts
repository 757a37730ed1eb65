// Decodes the QR code of a qrCode() drawing the way a phone would see it: the SVG rasterised by resvg
// with a white quiet zone around it, then read by jsQR.
import { Resvg } from '@resvg/resvg-js'
import jsQRModule from 'jsqr'

// jsqr is CommonJS with a default export in its typings: take whichever the loader hands out.
export const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as (data: Uint8ClampedArray, w: number, h: number) => { data: string } | null

/** The first drawing in some HTML: an inline <svg>, or the SVG of an <img> data URI. */
export function svgOf(html: string): string {
  const inline = /<svg[\s\S]*?<\/svg>/.exec(html)
  if (inline) return inline[0]
  const m = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(html)
  if (!m) throw new Error('no SVG in ' + html.slice(0, 200))
  return Buffer.from(m[1], 'base64').toString('utf8')
}

export function decodeQrSvg(svg: string): string | null {
  const n = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1])
  const padded = svg.replace(/viewBox="0 0 \d+ \d+"/, `viewBox="-4 -4 ${n + 8} ${n + 8}"`).replace(/ width="[\d.]+" height="[\d.]+"/, ' width="400" height="400"')
  const image = new Resvg(padded, { background: '#ffffff' }).render()
  const code = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height)
  return code ? code.data : null
}
