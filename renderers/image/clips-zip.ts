import { createRequire } from 'node:module'
import type { Archiver, ZipOptions } from 'archiver'
import type { EncodedImage } from './encode-image.js'

// archiver 7 exports a factory function; the installed @types/archiver describes version 8's classes.
const createArchive = createRequire(import.meta.url)('archiver') as (format: 'zip', options: ZipOptions) => Archiver

export interface ZipClip { name: string; image: EncodedImage }

/** The clips ZIP: one `{name}.{format}` file per clip and manifest.json describing them. */
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
  const zip = createArchive('zip', { zlib: { level: 6 } })
  const chunks: Buffer[] = []
  zip.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve())
    zip.on('error', reject)
  })
  // PNG and JPEG are compressed already: stored as they are.
  clips.forEach(({ image }, i) => zip.append(image.bytes, { name: manifest.clips[i].fileName, date, store: true }))
  zip.append(JSON.stringify(manifest, null, 2), { name: 'manifest.json', date })
  await zip.finalize()
  await done
  return Buffer.concat(chunks)
}
