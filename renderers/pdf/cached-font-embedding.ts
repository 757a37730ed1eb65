// Embedding a subset font with its compressed streams cached between documents. pdfkit's own embed()
// rebuilds and deflates the TrueType subset and the ToUnicode CMap for every document, although a template
// rendered again uses the same glyphs in the same order. This is that embed() (the same objects in the
// same order), except that the two streams come deflated from a cache and are written as they are.
// (pdfkit's CIDSet for PDF/A subsets is left out: Quire never asks pdfkit for PDF/A.)
import { deflateSync } from 'node:zlib'

/** The parts of pdfkit's EmbeddedFont that its embed() reads. */
export interface PdfkitEmbeddedFont {
  id: string
  document: { ref(data?: Record<string, unknown>): PdfkitRef }
  dictionary: PdfkitRef
  font: {
    postscriptName: string
    italicAngle: number
    capHeight: number
    ascent: number
    xHeight: number
    bbox: { minX: number; minY: number; maxX: number; maxY: number }
    post: { isFixedPitch: number | boolean }
    head: { macStyle: { italic: boolean } }
    'OS/2'?: { sFamilyClass?: number }
  }
  subset: { glyphs: number[]; encode(): Uint8Array; cff?: unknown }
  widths: (number | undefined)[]
  unicode: (number[] | undefined)[]
  scale: number
  ascender: number
  descender: number
  embed(): void
}

interface PdfkitRef { data: Record<string, unknown>; end(chunk?: Uint8Array | string): void }

/** Deflated font programs by glyph list, deflated CMaps by their text; one pair of maps per face. */
interface EmbeddingCache { programs: Map<string, Uint8Array>; cmaps: Map<string, Uint8Array> }

const caches = new Map<string, EmbeddingCache>()

const LIMIT = 32

function remember(map: Map<string, Uint8Array>, key: string, make: () => Uint8Array): Uint8Array {
  let value = map.get(key)
  if (!value) {
    value = make()
    if (map.size >= LIMIT) map.delete(map.keys().next().value!)
    map.set(key, value)
  }
  return value
}

/** Replaces the font's embed() with the cached one (TrueType subsets; CFF fonts keep pdfkit's). */
export function useCachedEmbedding(font: PdfkitEmbeddedFont, faceKey: string): void {
  if (font.subset.cff != null) return
  let cache = caches.get(faceKey)
  if (!cache) caches.set(faceKey, (cache = { programs: new Map(), cmaps: new Map() }))
  const shared = cache
  font.embed = () => embed(font, shared)
}

function embed(self: PdfkitEmbeddedFont, cache: EmbeddingCache): void {
  const { document: doc, font, scale } = self
  const program = remember(cache.programs, self.subset.glyphs.join(','), () => deflateSync(self.subset.encode()))
  const fontFile = doc.ref({ Filter: 'FlateDecode' })
  fontFile.end(program)

  const familyClass = (font['OS/2']?.sFamilyClass || 0) >> 8
  let flags = 1 << 2
  if (font.post.isFixedPitch) flags |= 1 << 0
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1
  if (familyClass === 10) flags |= 1 << 3
  if (font.head.macStyle.italic) flags |= 1 << 6
  const tag = [1, 2, 3, 4, 5, 6].map((i) => String.fromCharCode((self.id.charCodeAt(i) || 73) + 17)).join('')
  const name = `${tag}+${font.postscriptName?.replaceAll(' ', '_')}`
  const { bbox } = font
  const descriptor = doc.ref({
    Type: 'FontDescriptor',
    FontName: name,
    Flags: flags,
    FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
    ItalicAngle: font.italicAngle,
    Ascent: self.ascender,
    Descent: self.descender,
    CapHeight: (font.capHeight || font.ascent) * scale,
    XHeight: (font.xHeight || 0) * scale,
    StemV: 0,
    FontFile2: fontFile,
  })
  descriptor.end()
  const descendant = doc.ref({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: name,
    // String objects: pdfkit writes them as PDF strings rather than names.
    CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
    FontDescriptor: descriptor,
    W: [0, self.widths],
    CIDToGIDMap: 'Identity',
  })
  descendant.end()
  self.dictionary.data = {
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: name,
    Encoding: 'Identity-H',
    DescendantFonts: [descendant],
    ToUnicode: toUnicode(self, cache),
  }
  self.dictionary.end()
}

const hex = (n: number) => n.toString(16).padStart(4, '0')

function toUnicode(self: PdfkitEmbeddedFont, cache: EmbeddingCache): PdfkitRef {
  const entries: string[] = []
  for (const codePoints of self.unicode) {
    const encoded: string[] = []
    for (let value of codePoints ?? []) {
      if (value > 0xffff) {
        value -= 0x10000
        encoded.push(hex(((value >>> 10) & 0x3ff) | 0xd800))
        value = 0xdc00 | (value & 0x3ff)
      }
      encoded.push(hex(value))
    }
    entries.push(`<${encoded.join(' ')}>`)
  }
  const ranges: string[] = []
  for (let start = 0; start < entries.length; start += 256) {
    const end = Math.min(start + 256, entries.length)
    ranges.push(`<${hex(start)}> <${hex(end - 1)}> [${entries.slice(start, end).join(' ')}]`)
  }
  const text = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo <<
  /Registry (Adobe)
  /Ordering (UCS)
  /Supplement 0
>> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000><ffff>
endcodespacerange
${ranges.length} beginbfrange
${ranges.join('\n')}
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end
`
  const cmap = self.document.ref({ Filter: 'FlateDecode' })
  // pdfkit writes a string chunk with a trailing newline (the one after the last "end" above).
  cmap.end(remember(cache.cmaps, text, () => deflateSync(Buffer.from(text, 'latin1'))))
  return cmap
}
