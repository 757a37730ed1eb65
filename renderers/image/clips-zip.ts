// fflate writes the ZIP in memory, in one call: the clips are a few images already in memory, and fflate
// is installed anyway (pdfkit and docx use it), where archiver brought some 20 MB of streams, glob and
// lodash into the production install.
import { strToU8, zipSync } from 'fflate'
import type { EncodedImage } from './encode-image.js'

export interface ZipClip { name: string; image: EncodedImage }

/** The clips ZIP: one `{name}.{format}` file per clip and manifest.json describing them. Names are unique (clip-names.ts). */
export async function clipsZip(clips: ZipClip[], date: Date): Promise<Buffer> {
  const manifest = {
    clips: clips.map(({ name, image }) => ({
      fileName: `${name}.${image.format}`,
      name,
      format: image.format,
      width: image.width,
      height: image.height,
    })),
  }
  const files: Record<string, [Uint8Array, { level: 0 | 6; mtime: Date }]> = {}
  // PNG and JPEG are compressed already: stored as they are.
  clips.forEach(({ image }, i) => { files[manifest.clips[i].fileName] = [image.bytes, { level: 0, mtime: date }] })
  files['manifest.json'] = [strToU8(JSON.stringify(manifest, null, 2)), { level: 6, mtime: date }]
  const zip = zipSync(files)
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
}
