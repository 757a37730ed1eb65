// Turns what a request names (a template and maybe a version, or raw HTML) into the DocumentSource a
// worker renders: the Liquid text keyed by its version id, the content blocks it includes, and its
// header/footer blocks — all from published versions, all scoped to the caller's account.
import { isUtf8 } from 'node:buffer'
import type { DocumentSource, LiquidSource, PdfAttachment, TemplateSettings } from '../../renderers/contract.js'
import { contentKey } from '../../renderers/content-key.js'
import { decodeUtf8, Utf8Source } from '../../renderers/utf8-source.js'
import { Errors, renderErrorFrom } from '../errors.js'
import { DEFAULT_SETTINGS } from '../settings.js'
import type { Store } from '../store/index.js'

const TEMPLATE_ID = /^tpl_[A-Za-z0-9]{1,64}$/
const VERSION_ID = /^ver_[A-Za-z0-9]{1,64}$/
// `{% include 'name' %}`, `{% render 'name' %}` and TemplateTo's `contentBlock("cb_…", …)`.
const INCLUDE = /(?:\{%-?\s*(?:include|render)\s+|\bcontentBlock\s*\(\s*)['"]([^'"]{1,200})['"]/g
const MAX_INCLUDE_DEPTH = 5

function assertTemplateId(id: string): void {
  if (!TEMPLATE_ID.test(id)) throw new Errors.TEMPLATE_ID_INVALID(id.slice(0, 80))
}

function assertVersionId(id: string): void {
  if (!VERSION_ID.test(id)) throw new Errors.VERSION_ID_INVALID(id.slice(0, 80))
}

export { contentKey }

/** Blocks included by name (or id) from the text, and from those blocks in turn, as published versions. */
export async function includedBlocks(store: Store, accountId: string, text: string): Promise<Record<string, LiquidSource>> {
  const blocks: Record<string, LiquidSource> = {}
  let pending = [text]
  for (let depth = 0; depth < MAX_INCLUDE_DEPTH && pending.length > 0; depth++) {
    const next: string[] = []
    for (const source of pending) {
      for (const [, name] of source.matchAll(INCLUDE)) {
        if (blocks[name]) continue
        const block = name.startsWith('cb_') ? await store.blocks.get(accountId, name) : await store.blocks.byName(accountId, name)
        if (!block) continue // the template engine reports the unknown block by name
        const version = await store.blocks.getPublished(accountId, block.id)
        if (!version) continue
        blocks[name] = { cacheKey: version.id, text: version.html }
        next.push(version.html)
      }
    }
    pending = next
  }
  return blocks
}

export async function headerFooterBlock(store: Store, accountId: string, which: 'header' | 'footer', setting: TemplateSettings['header']): Promise<LiquidSource | null> {
  if (!setting.enabled || !setting.blockId) return null
  const version = await store.blocks.getPublished(accountId, setting.blockId)
  if (!version) throw new Errors.TEMPLATE_BLOCK_MISSING(which, setting.blockId)
  return { cacheKey: version.id, text: version.html }
}

/**
 * The Factur-X XML's content block (settings.pdf.facturX), rendered by the worker with the same data as the
 * invoice and embedded as factur-x.xml: /AFRelationship Data for the MINIMUM and BASIC WL profiles (they do
 * not carry the whole invoice), Alternative for the others, as the Factur-X 1.0 specification says.
 */
async function facturXAttachments(store: Store, accountId: string, settings: TemplateSettings): Promise<PdfAttachment[]> {
  const fx = settings.pdf?.facturX
  if (!fx?.enabled || !fx.blockId) return []
  const version = await store.blocks.getPublished(accountId, fx.blockId)
  if (!version) throw new Errors.TEMPLATE_BLOCK_MISSING('Factur-X XML', fx.blockId)
  const relationship = fx.level === 'MINIMUM' || fx.level === 'BASIC WL' ? 'Data' : 'Alternative'
  return [{ name: 'factur-x.xml', source: { cacheKey: version.id, text: version.html }, mimeType: 'text/xml', relationship, description: 'Factur-X invoice' }]
}

export interface ResolvedTemplate {
  source: DocumentSource
  templateId: string
  versionId: string
  /** When a pending publish schedule will change what "published" resolves to (ISO-8601); a cache drops it then. */
  validUntil?: string
}

/** The published version of a template, or exactly the version asked for. */
export async function templateSource(store: Store, accountId: string, templateId: string, versionId?: string): Promise<ResolvedTemplate> {
  assertTemplateId(templateId)
  if (versionId !== undefined) assertVersionId(versionId)
  const template = await store.templates.get(accountId, templateId)
  if (!template) throw new Errors.TEMPLATE_NOT_FOUND(templateId)
  const version = versionId
    ? await store.templates.getVersion(accountId, templateId, versionId)
    : await store.templates.getPublished(accountId, templateId)
  if (!version) {
    throw versionId ? new Errors.VERSION_NOT_FOUND(versionId, templateId) : new Errors.TEMPLATE_NOT_PUBLISHED(templateId)
  }
  const settings = version.settings
  const blockTexts = [version.html]
  const source: DocumentSource = {
    kind: 'template',
    main: { cacheKey: version.id, text: version.html },
    blocks: {},
    header: await headerFooterBlock(store, accountId, 'header', settings.header),
    footer: await headerFooterBlock(store, accountId, 'footer', settings.footer),
    settings,
  }
  const attachments = await facturXAttachments(store, accountId, settings)
  if (attachments.length) source.attachments = attachments
  for (const a of attachments) if (a.source) blockTexts.push(a.source.text)
  if (source.header) blockTexts.push(source.header.text)
  if (source.footer) blockTexts.push(source.footer.text)
  source.blocks = await includedBlocks(store, accountId, blockTexts.join('\n'))
  const validUntil = versionId === undefined ? template.scheduledPublishDate ?? undefined : undefined
  return { source, templateId, versionId: version.id, ...(validUntil ? { validUntil } : {}) }
}

/** A draft, rendered as it is now (the editor's preview): keyed by content, never by id. */
export async function draftSource(store: Store, accountId: string, html: string, settings: TemplateSettings): Promise<DocumentSource> {
  const source: DocumentSource = {
    kind: 'template',
    main: { cacheKey: contentKey(html), text: html },
    blocks: {},
    header: await headerFooterBlock(store, accountId, 'header', settings.header),
    footer: await headerFooterBlock(store, accountId, 'footer', settings.footer),
    settings,
  }
  const attachments = await facturXAttachments(store, accountId, settings)
  if (attachments.length) source.attachments = attachments
  source.blocks = await includedBlocks(store, accountId, [html, source.header?.text ?? '', source.footer?.text ?? '', ...attachments.map((a) => a.source?.text ?? '')].join('\n'))
  return source
}

/**
 * Raw HTML: no Liquid, default settings unless the body gives some. Given as UTF-8 bytes, it stays bytes on the
 * main thread and the render worker decodes it (renderers/utf8-source.ts).
 */
export function htmlSource(html: string | Uint8Array, settings: TemplateSettings = DEFAULT_SETTINGS): DocumentSource {
  const main = typeof html === 'string' ? { cacheKey: contentKey(html), text: html } : new Utf8Source(html)
  return { kind: 'html', main, blocks: {}, header: null, footer: null, settings }
}

/**
 * The bytes of Base64 (or base64url) text. Node's decoder skips what is not Base64, so a decoded length that
 * matches the text's is the proof it was clean — one pass over a 5 MB string instead of three regular
 * expressions (some 50 ms of the event loop here); only text with whitespace or a stray character takes the
 * slow path, which strips whitespace and names a bad character.
 */
function base64Bytes(value: string): Buffer {
  const bytes = Buffer.from(value, 'base64')
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0
  if (value.length % 4 !== 1 && bytes.length === Math.floor((value.length * 3) / 4) - padding) return bytes
  const compact = value.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) throw new Errors.REQUEST_INVALID('base64HtmlString is not valid Base64')
  return Buffer.from(compact, 'base64')
}

const BLANK_CHUNK_BYTES = 4096

/**
 * Whether UTF-8 bytes are whitespace only, as `text.trim() === ''` says of their text: decoded a few KB at a
 * time, so a document is not decoded whole to find its first character.
 */
function isBlankUtf8(bytes: Uint8Array): boolean {
  const decoder = new TextDecoder('utf-8')
  for (let at = 0; at < bytes.length; at += BLANK_CHUNK_BYTES) {
    if (decoder.decode(bytes.subarray(at, at + BLANK_CHUNK_BYTES), { stream: true }).trim() !== '') return false
  }
  return decoder.decode().trim() === ''
}

/** The decoded bytes of `base64HtmlString`, refused when they are not UTF-8 text or are empty once decoded ("==" is valid Base64 for nothing, and rendered a blank PDF). */
export function checkedHtmlBytes(bytes: Uint8Array): Uint8Array {
  if (!isUtf8(bytes)) throw new Errors.REQUEST_INVALID('base64HtmlString does not decode to UTF-8 text')
  if (isBlankUtf8(bytes)) throw new Errors.REQUEST_DATA_MISSING('base64HtmlString decodes to no text: send the HTML to render, Base64-encoded')
  return bytes
}

/**
 * The UTF-8 bytes of `base64HtmlString`, refusing what is not Base64, not UTF-8 text, or empty once decoded
 * (checkedHtmlBytes). The text itself is not made here.
 */
export function decodeBase64HtmlBytes(value: unknown): Uint8Array {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Errors.REQUEST_DATA_MISSING('base64HtmlString is required: the HTML to render, Base64-encoded')
  }
  return checkedHtmlBytes(base64Bytes(value))
}

/**
 * The text of `base64HtmlString` (decodeBase64HtmlBytes' checks), refusing text longer than `maxChars` (an async
 * job is refused at submit, not failed later in the worker).
 */
export function decodeBase64Html(value: unknown, maxChars = Infinity): string {
  const html = decodeUtf8(decodeBase64HtmlBytes(value))
  if (html.length > maxChars) {
    throw renderErrorFrom('QUIRE_ERR_RENDER_HTML_LIMIT', `base64HtmlString decodes to ${html.length} characters; the limit is ${maxChars} (MAX_HTML_CHARS)`)
  }
  return html
}
