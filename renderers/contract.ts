// The contract between the service and the render workers: what a task carries, what comes back.
// Everything here is plain data, because it crosses a worker-thread boundary (structured clone).

export type PaperSize =
  | 'A0' | 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6'
  | 'B4' | 'B5' | 'Letter' | 'Legal' | 'Tabloid' | 'Ledger' | 'Custom'

export interface MarginsMm { top: number; right: number; bottom: number; left: number }

export interface TemplateSettings {
  paper: { size: PaperSize; widthMm?: number; heightMm?: number }
  orientation: 'portrait' | 'landscape'
  printBackground: boolean
  marginsMm: MarginsMm
  header: { enabled: boolean; blockId: string | null }
  footer: { enabled: boolean; blockId: string | null }
  cover: {
    enabled: boolean
    marginsMm?: MarginsMm
    hideHeaderFooter?: boolean
    orientation?: 'portrait' | 'landscape'
  }
  security: {
    passwordEnabled: boolean
    password: string
    permitPrint: boolean
    permitModify: boolean
    permitExtract: boolean
    permitAnnotations: boolean
  }
  disablePageBreakCalculation: boolean
  /** .NET culture name for format_number, currency and {{tt_date}} (TemplateTo's `cultureName`); default en-US. */
  cultureName?: string
  /** 'html' escapes Liquid output (Quire's default); 'none' prints it as is (Fluid's, kept for imported TemplateTo templates). */
  outputEscaping?: 'html' | 'none'
  /** `{{ x }}` with x not in the data renders empty and is a warning ('warn', the default) or a 400 ('error'). */
  missingVariables?: 'warn' | 'error'
  /** PDF standards: tagging, outline, metadata, PDF/A, PDF/UA, Factur-X (docs/pdf-standards.md); absent = the defaults. */
  pdf?: PdfSettings
}

export type PdfAConformance = 'PDF/A-2b' | 'PDF/A-2u' | 'PDF/A-2a' | 'PDF/A-3b' | 'PDF/A-3u' | 'PDF/A-3a'

/** Factur-X / ZUGFeRD profiles (the XMP's fx:ConformanceLevel). */
export type FacturXLevel = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG'

export interface PdfSettings {
  /** A structure tree (tagged PDF); default true. */
  tagged?: boolean
  /** Bookmarks from h1–h6 for documents of more than one page; default true. */
  outline?: boolean
  /** PDF/A conformance level, or null for none (the default). */
  pdfA?: PdfAConformance | null
  /** PDF/UA-1: tagged, with the checks of docs/pdf-standards.md; default false. */
  pdfUA?: boolean
  /** With pdfUA: a document that cannot comply (an image without alt) is refused instead of rendered with a warning. */
  strict?: boolean
  /** The document language (`/Lang`); default: `<html lang>`. */
  lang?: string | null
  /** Info dictionary and XMP; each member overrides the document's `<title>` / `<meta name>`. */
  metadata?: { title?: string; author?: string; subject?: string; keywords?: string; creator?: string }
  /** Factur-X / ZUGFeRD: the CII XML rendered from a content block of the template, embedded as factur-x.xml (PDF/A-3b at least). */
  facturX?: { enabled: boolean; blockId: string | null; level: FacturXLevel; documentType?: 'INVOICE' | 'ORDER' | 'ORDER_RESPONSE' | 'ORDER_CHANGE' }
}

/** A file embedded in a PDF: given in the request or rendered from a content block. */
export interface PdfAttachment {
  name: string
  /** The file's bytes, Base64 (plain data across the worker boundary). */
  base64?: string
  /** A Liquid source rendered with the render's data (the XML of an invoice). */
  source?: LiquidSource
  mimeType: string
  description?: string
  /** /AFRelationship; Factur-X's XML is Alternative. */
  relationship?: 'Source' | 'Data' | 'Alternative' | 'Supplement' | 'Unspecified'
}

/** One Liquid source with the key under which its compiled form is cached in a worker. */
export interface LiquidSource {
  /** Stable for identical text: a version id, or a content hash for drafts and raw HTML. */
  cacheKey: string
  text: string
}

/** What a render starts from: a saved template (Liquid) or raw HTML (no Liquid processing). */
export interface DocumentSource {
  kind: 'template' | 'html'
  main: LiquidSource
  /** Content blocks reachable by `{% include 'name' %}` / `{% render 'name' %}`, keyed by block name and by id. */
  blocks: Record<string, LiquidSource>
  /** Header and footer blocks (PDF only), already resolved from settings.header/footer. */
  header: LiquidSource | null
  footer: LiquidSource | null
  settings: TemplateSettings
  /** Files to embed (PDF only): from the request, or rendered from the template's content blocks (Factur-X). */
  attachments?: PdfAttachment[]
}

export interface Clip {
  name?: string
  x: number
  y: number
  width: number
  height: number
  circular?: boolean
  format?: 'png' | 'jpeg'
}

export interface ImageOptions {
  format: 'png' | 'jpeg'
  /** CSS pixels; undefined = from the template's paper width at 96 dpi. */
  width?: number
  /** CSS pixels; used only when fullPage is false. */
  height?: number
  quality: number
  fullPage: boolean
  scale: number
  clip?: Omit<Clip, 'name' | 'format'>
}

export interface ClipsOptions {
  format: 'png' | 'jpeg'
  width?: number
  quality: number
  scale: number
  clips: Clip[]
}

export interface RenderLimits {
  maxPages: number
  /** Largest output image in pixels (width × height, after scale). */
  maxImagePixels: number
  /** Largest output image side in pixels (after scale). */
  maxImageDimension: number
  maxClips: number
  /** Largest rendered HTML (after Liquid) in characters. */
  maxHtmlChars: number
  /** Liquid render budget in milliseconds (the pool's hard time limit still applies on top). */
  templateRenderMs: number
  /** Budgets against hostile input; members left out take DEFAULT_BUDGETS (renderers/default-budgets.ts). */
  budgets?: Partial<RenderBudgets>
}

/**
 * Work and memory budgets of one render, each far above what real templates use: they stop inputs that grow
 * exponentially (var() chains, nested flex) or decode to gigabytes (images) before they reach a worker's
 * memory limit, because a single huge allocation aborts the whole process instead of just the worker.
 */
export interface RenderBudgets {
  /** Longest value after var() substitution, in characters; longer = invalid at computed-value time (Chromium: 2 MiB). */
  cssVarMaxLength: number
  /** var() references substituted per document. */
  cssVarMaxSubstitutions: number
  /** Characters produced by var() substitution per document. */
  cssVarMaxTotalLength: number
  /** Boxes nested in boxes. */
  layoutMaxDepth: number
  /** Flex containers nested in flex containers (each nests a call into yoga's WebAssembly stack). */
  layoutMaxFlexDepth: number
  /** Pixels of one embedded image (width × height as stored in the file), checked before it is decoded. */
  imageMaxPixels: number
  /** Pixels of all embedded images of one document together. */
  imageMaxDocumentPixels: number
  /** Elements an embedded SVG image draws, with every <use> expanded. */
  svgMaxElements: number
  /** Bytes of fetched web fonts and stylesheets a worker keeps between renders (one cache per worker). */
  webResourceCacheBytes: number
}

/** Outbound fetch policy for images referenced by templates (guarded fetcher). */
export interface FetchPolicy {
  /** Hosts or CIDR ranges let through although private/loopback (tests, explicit config only). */
  allowHosts: string[]
  timeoutMs: number
  maxBytes: number
}

interface TaskBase {
  source: DocumentSource
  data: unknown
  limits: RenderLimits
  fetch: FetchPolicy
  /** FONT_DIR: a directory of fonts the operator brings (renderers/fonts/operator-fonts.ts); absent = none. */
  fontDir?: string
  /** Fixed creation date for deterministic output (ISO string); undefined = now. */
  now?: string
}

export interface PdfTask extends TaskBase { format: 'pdf' }
export interface ImageTask extends TaskBase { format: 'image'; image: ImageOptions }
export interface ClipsTask extends TaskBase { format: 'clips'; clips: ClipsOptions }
export interface TxtTask extends TaskBase { format: 'txt' }
export interface DocxTask extends TaskBase { format: 'docx' }

export type RenderTask = PdfTask | ImageTask | ClipsTask | TxtTask | DocxTask
export type TaskFormat = RenderTask['format']

export interface RenderOutput {
  bytes: Uint8Array
  contentType: string
  /** Output file extension without dot: pdf, png, jpg, txt, zip, docx. */
  extension: string
  /** Non-fatal notes (unsupported CSS and the like), for the log. */
  warnings: string[]
  /** Pages of the document (a PDF's pages; 1 for an image, TXT or DOCX, the clips of a ZIP). */
  pages?: number
  /** CPU the render worker's thread spent on it, ms (pool/worker.ts; absent where the thread's clock cannot be read). */
  cpuMs?: number
  /**
   * A streamed render (pool/render-follow.ts): how many chunks of the file, and how many bytes, were handed
   * to the caller ahead of this output; `bytes` is then only the file's tail.
   */
  streamedChunks?: number
  streamedBytes?: number
}

/**
 * What a caller may follow while a render runs (in the render worker: plain functions, not data). Without
 * hooks a render is as it always was: its whole file in RenderOutput.bytes.
 */
export interface RenderHooks {
  /** Called after each PDF page is painted (and its bytes handed to `sink`), with the pages done so far. */
  onPage?: (pagesDone: number) => void
  /**
   * PDF only: receives the file's bytes in order, as the PDF writer produces them; RenderOutput.bytes is then
   * empty (the sink had them all). `pages` and `cpuMs` stay in the output.
   */
  sink?: (chunk: Uint8Array) => void
}

/** Error codes a renderer may return. The service maps each to an HTTP status in src/errors.ts. */
export const RENDER_ERROR_CODES = [
  'QUIRE_ERR_TEMPLATE_SYNTAX',
  'QUIRE_ERR_TEMPLATE_RENDER',
  'QUIRE_ERR_TEMPLATE_LIMIT',
  'QUIRE_ERR_RENDER_PAGES_LIMIT',
  'QUIRE_ERR_RENDER_IMAGE_LIMIT',
  'QUIRE_ERR_RENDER_CLIP_OUTSIDE',
  'QUIRE_ERR_RENDER_CLIPS_LIMIT',
  'QUIRE_ERR_RENDER_HTML_LIMIT',
  'QUIRE_ERR_RENDER_INVALID_OPTION',
  'QUIRE_ERR_RENDER_CSS_LIMIT',
  'QUIRE_ERR_RENDER_LAYOUT_LIMIT',
  'QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT',
  'QUIRE_ERR_RENDER_SVG_LIMIT',
  'QUIRE_ERR_RENDER_NATIVE_CRASHED',
  'QUIRE_ERR_RENDER_ATTACHMENT_INVALID',
  'QUIRE_ERR_RENDER_NOT_ACCESSIBLE',
  'QUIRE_ERR_RENDER_FAILED',
] as const
export type RenderErrorCode = (typeof RENDER_ERROR_CODES)[number]

export interface WireError { code: RenderErrorCode; message: string }

/** Errors cross the worker boundary as data: a thrown Error loses its class and code on the way back. */
export type RenderResult = { ok: true; output: RenderOutput } | { ok: false; error: WireError }

/** Thrown inside renderers; the worker entry turns it into `{ ok: false, error }`. */
export class RenderError extends Error {
  constructor(public readonly code: RenderErrorCode, message: string) {
    super(message)
    this.name = 'RenderError'
  }
}
