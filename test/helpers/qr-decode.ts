// Decodes the QR code of a qrCode() <img> the way a phone would see it: the SVG rasterised by resvg
// with a white quiet zone around it, then read by jsQR.
import { Resvg } from '@resvg/resvg-js'
import jsQRModule from 'jsqr'

// jsqr is CommonJS with a default export in its typings: take whichever the loader hands out.
export const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as (data: Uint8ClampedArray, w: number, h: number) => { data: string } | null

export function svgOfImg(html: string): string {
  const m = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(html)
  if (!m) throw new Error('no SVG data URI in ' + html.slice(0, 200))
  return Buffer.from(m[1], 'base64').toString('utf8')
}

export function decodeQrSvg(svg: string): string | null {
  const n = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1])
  const padded = svg.replace(/viewBox="0 0 \d+ \d+"/, `viewBox="-4 -4 ${n + 8} ${n + 8}"`).replace(/ width="[\d.]+" height="[\d.]+"/, ' width="400" height="400"')
  const image = new Resvg(padded, { background: '#ffffff' }).render()
  const code = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height)
  return code ? code.data : null
}
