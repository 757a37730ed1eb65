import type { LoadedImage } from '../resources/index.js'

const cache = new WeakMap<Buffer, string>()

/** A loaded image as a data: URI, the only way an image reaches resvg (it must never fetch). */
export function dataUri(image: LoadedImage): string {
  let uri = cache.get(image.bytes)
  if (!uri) {
    uri = `data:image/${image.kind};base64,${image.bytes.toString('base64')}`
    cache.set(image.bytes, uri)
  }
  return uri
}
