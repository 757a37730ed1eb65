// The XMP metadata of a Quire PDF, written in place of pdfkit's own (which puts the title into the XML
// unescaped): the same values as the Info dictionary (PDF/A requires them to agree), the PDF/A and PDF/UA
// identification, and the Factur-X extension schema with its description (PDF/A needs every non-standard
// namespace described in the packet itself).
import type { DocumentMetadata } from './document-metadata.js'

export interface XmpIdentification {
  pdfA: { part: number; conformance: 'A' | 'B' | 'U' } | null
  pdfUA: boolean
  facturX: { documentType: string; fileName: string; version: string; level: string } | null
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  // Characters XML 1.0 does not allow at all.
  // eslint-disable-next-line no-control-regex
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')

const xmpDate = (d: Date) => `${d.toISOString().split('.')[0]}Z`

/** The rdf:Description elements (pdfkit wraps them in the packet, x:xmpmeta and rdf:RDF). */
export function xmpDescriptions(meta: DocumentMetadata, date: Date, producer: string, id: XmpIdentification): string {
  const parts: string[] = []
  const creator = meta.creator ?? producer
  parts.push(`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreateDate>${xmpDate(date)}</xmp:CreateDate>
<xmp:ModifyDate>${xmpDate(date)}</xmp:ModifyDate>
<xmp:MetadataDate>${xmpDate(date)}</xmp:MetadataDate>
<xmp:CreatorTool>${escape(creator)}</xmp:CreatorTool>
</rdf:Description>`)
  const dc: string[] = ['<dc:format>application/pdf</dc:format>']
  if (meta.title) dc.push(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escape(meta.title)}</rdf:li></rdf:Alt></dc:title>`)
  if (meta.author) dc.push(`<dc:creator><rdf:Seq><rdf:li>${escape(meta.author)}</rdf:li></rdf:Seq></dc:creator>`)
  if (meta.subject) dc.push(`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escape(meta.subject)}</rdf:li></rdf:Alt></dc:description>`)
  if (meta.lang) dc.push(`<dc:language><rdf:Bag><rdf:li>${escape(meta.lang)}</rdf:li></rdf:Bag></dc:language>`)
  parts.push(`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">\n${dc.join('\n')}\n</rdf:Description>`)
  parts.push(`<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${escape(producer)}</pdf:Producer>${meta.keywords ? `\n<pdf:Keywords>${escape(meta.keywords)}</pdf:Keywords>` : ''}
</rdf:Description>`)
  if (id.pdfA) {
    parts.push(`<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>${id.pdfA.part}</pdfaid:part>
<pdfaid:conformance>${id.pdfA.conformance}</pdfaid:conformance>
</rdf:Description>`)
  }
  if (id.pdfUA) {
    parts.push(`<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
<pdfuaid:part>1</pdfuaid:part>
</rdf:Description>`)
  }
  const fx = id.facturX
  if (fx) {
    parts.push(`<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>${escape(fx.documentType)}</fx:DocumentType>
<fx:DocumentFileName>${escape(fx.fileName)}</fx:DocumentFileName>
<fx:Version>${escape(fx.version)}</fx:Version>
<fx:ConformanceLevel>${escape(fx.level)}</fx:ConformanceLevel>
</rdf:Description>`)
  }
  if (id.pdfA && (fx || id.pdfUA)) parts.push(extensionSchemas(!!fx, id.pdfUA))
  return parts.join('\n')
}

const property = (name: string, description: string, valueType = 'Text') =>
  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>${valueType}</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`

const schema = (name: string, uri: string, prefix: string, properties: string[]) =>
  `<rdf:li rdf:parseType="Resource"><pdfaSchema:schema>${name}</pdfaSchema:schema><pdfaSchema:namespaceURI>${uri}</pdfaSchema:namespaceURI><pdfaSchema:prefix>${prefix}</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq>${properties.join('')}</rdf:Seq></pdfaSchema:property></rdf:li>`

/** The PDF/A extension schema container describing the Factur-X and PDF/UA namespaces (ISO 19005-2 §6.6.2.3). */
function extensionSchemas(facturX: boolean, pdfUA: boolean): string {
  const schemas: string[] = []
  if (facturX) {
    schemas.push(schema('Factur-X PDFA Extension Schema', 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', 'fx', [
      property('DocumentFileName', 'The name of the embedded XML document'),
      property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
      property('Version', 'The actual version of the standard applying to the embedded XML document'),
      property('ConformanceLevel', 'The conformance level of the embedded XML document'),
    ]))
  }
  if (pdfUA) {
    schemas.push(schema('PDF/UA Universal Accessibility Schema', 'http://www.aiim.org/pdfua/ns/id/', 'pdfuaid', [
      property('part', 'Indicates, which part of ISO 14289 standard is followed', 'Integer'),
    ]))
  }
  return `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag>${schemas.join('')}</rdf:Bag></pdfaExtension:schemas>
</rdf:Description>`
}
