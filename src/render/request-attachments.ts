// Files a PDF render embeds because the request gives them: the optional body member `pdfAttachments`
// (docs/pdf-standards.md), an array of { name, base64, mimeType?, description?, relationship? }. In a
// template render the body is the data, so the member is taken out of it (the template never sees it);
// in a raw-HTML render it sits beside base64HtmlString. The bytes reach the PDF unchanged; an XML file is
// checked for well-formedness by the worker (renderers/pipeline/pdf-attachments.ts).
import type { DocumentSource, PdfAttachment } from '../../renderers/contract.js'
import { Errors } from '../errors.js'

export const ATTACHMENTS_MEMBER = 'pdfAttachments'
export const MAX_REQUEST_ATTACHMENTS = 20

const RELATIONSHIPS = ['Source', 'Data', 'Alternative', 'Supplement', 'Unspecified'] as const
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i
/** A file name, not a path: 1–100 characters, no slashes, no control characters, not only dots. */
function isFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return name.length >= 1 && name.length <= 100 && !/[/\\\x00-\x1f\x7f]/.test(name) && !/^\.+$/.test(name)
}

type Bag = Record<string, unknown>

function invalid(message: string): never {
  throw new Errors.REQUEST_INVALID(`${ATTACHMENTS_MEMBER}${message}`)
}

function mimeFor(name: string): string {
  const ext = name.toLowerCase().split('.').pop()
  const known: Record<string, string> = { xml: 'text/xml', json: 'application/json', csv: 'text/csv', txt: 'text/plain', pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' }
  return known[ext ?? ''] ?? 'application/octet-stream'
}

function attachment(item: unknown, i: number): PdfAttachment {
  const at = `[${i}]`
  if (!item || typeof item !== 'object' || Array.isArray(item)) invalid(`${at} must be an object with name and base64`)
  const { name, base64, mimeType, description, relationship, ...rest } = item as Bag
  const unknown = Object.keys(rest)
  if (unknown.length) invalid(`${at}.${unknown[0]} is not known (known: name, base64, mimeType, description, relationship)`)
  if (typeof name !== 'string' || !isFileName(name)) invalid(`${at}.name must be a file name of 1–100 characters without slashes, got ${JSON.stringify(name)?.slice(0, 60)}`)
  if (typeof base64 !== 'string' || base64.length % 4 !== 0 || !BASE64.test(base64)) invalid(`${at}.base64 (${name}) must be the file as Base64`)
  if (mimeType !== undefined && (typeof mimeType !== 'string' || !MIME.test(mimeType))) invalid(`${at}.mimeType (${name}) must be a MIME type such as text/xml`)
  if (description !== undefined && (typeof description !== 'string' || description.length > 1000)) invalid(`${at}.description (${name}) must be a string of at most 1000 characters`)
  if (relationship !== undefined && !RELATIONSHIPS.includes(relationship as never)) invalid(`${at}.relationship (${name}) must be one of ${RELATIONSHIPS.join(', ')}`)
  return {
    name,
    base64,
    mimeType: (mimeType as string | undefined) ?? mimeFor(name),
    relationship: (relationship as PdfAttachment['relationship']) ?? 'Unspecified',
    ...(description ? { description: description as string } : {}),
  }
}

/** The member's value in `body` (the name matched exactly), or undefined. */
export function requestAttachmentsOf(body: unknown): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Bag)[ATTACHMENTS_MEMBER] : undefined
}

/** `body` without the member: what a template render uses as its data. */
export function withoutAttachments(body: Bag): Bag {
  const { [ATTACHMENTS_MEMBER]: _, ...data } = body
  return data
}

/**
 * The source with the request's files added after the template's own (the Factur-X XML). Refused with a 400
 * naming the member: a render that is not a PDF, a PDF/A-2 level (it allows only PDF/A files embedded), a
 * name given twice or taken by the Factur-X XML, or an item that is not a file.
 */
export function applyRequestAttachments(source: DocumentSource, given: unknown, format: string): DocumentSource {
  if (given === undefined || given === null) return source
  if (format !== 'pdf') invalid(` embeds files in a PDF; this render is ${format}`)
  if (!Array.isArray(given)) invalid(' must be an array of { name, base64, mimeType?, description?, relationship? }')
  if (given.length === 0) return source
  if (given.length > MAX_REQUEST_ATTACHMENTS) invalid(` holds ${given.length} files; at most ${MAX_REQUEST_ATTACHMENTS}`)
  const pdfA = source.settings.pdf?.pdfA
  if (pdfA?.startsWith('PDF/A-2')) invalid(` cannot be combined with settings.pdf.pdfA ${pdfA}: PDF/A-2 embeds only PDF/A files; use a PDF/A-3 level`)
  const files = given.map(attachment)
  const names = new Set((source.attachments ?? []).map((a) => a.name))
  for (const f of files) {
    if (names.has(f.name)) invalid(`: the name ${f.name} is given twice${f.name === 'factur-x.xml' ? ' (the Factur-X XML of the template has it)' : ''}`)
    names.add(f.name)
  }
  return { ...source, attachments: [...(source.attachments ?? []), ...files] }
}
