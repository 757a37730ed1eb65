// The sRGB output intent PDF/A requires of a file that paints in DeviceRGB: the ICC profile pdfkit ships
// (sRGB IEC61966-2.1, the profile its own PDF/A mode embeds), read once per worker.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

let profile: Buffer | null = null

function srgbProfile(): Buffer {
  profile ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve('pdfkit')), 'data', 'sRGB_IEC61966_2_1.icc'))
  return profile
}

interface PdfRef { data: Record<string, unknown>; write(chunk: Uint8Array): void; end(): void }
interface PdfkitCatalog { ref(data: Record<string, unknown>): PdfRef; _root: { data: Record<string, unknown> } }

export function addSrgbOutputIntent(doc: PDFKit.PDFDocument): void {
  const pdf = doc as unknown as PdfkitCatalog
  const icc = srgbProfile()
  const stream = pdf.ref({ N: 3 })
  stream.write(icc)
  stream.end()
  const intent = pdf.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    Info: new String('sRGB IEC61966-2.1'),
    OutputConditionIdentifier: new String('sRGB IEC61966-2.1'),
    RegistryName: new String('http://www.color.org'),
    DestOutputProfile: stream,
  })
  intent.end()
  pdf._root.data.OutputIntents = [intent]
}
