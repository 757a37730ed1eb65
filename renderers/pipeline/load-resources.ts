// The front end, step 3: what the styled tree references — images and web fonts, fetched together through
// the guarded fetcher — and the font store that resolves the document's families (bundled, web, FONT_DIR).
import type { RenderTask } from '../contract.js'
import { documentFontStore } from '../fonts/document-font-store.js'
import { fontStore } from '../fonts/font-store.js'
import { loadDocumentFonts } from '../fonts/load-document-fonts.js'
import { operatorFonts } from '../fonts/operator-fonts.js'
import { loadImagesWithWarnings } from '../resources/index.js'
import type { PreparedDocument } from './finished-document.js'
import type { StyledSource } from './style-document.js'

export interface ResourceOptions {
  /** The widest a bitmap is kept, in px: what the output can show of it at most. */
  maxImageWidth: number
  /** False for a format that draws no glyphs itself (DOCX names its fonts; Word draws them). */
  webFonts?: boolean
}

export async function loadResources(task: RenderTask, doc: StyledSource, options: ResourceOptions): Promise<PreparedDocument> {
  const { styled, budgets, warnings } = doc
  const noFonts = { fonts: new Map(), warnings: [] }
  const [loaded, webFonts] = await Promise.all([
    loadImagesWithWarnings(styled, task.fetch, { budgets, maxWidth: options.maxImageWidth }),
    options.webFonts === false ? noFonts : loadDocumentFonts(styled, task.fetch, budgets),
  ])
  warnings.addAll(webFonts.warnings)
  warnings.addAll(loaded.warnings)
  const operator = task.fontDir && options.webFonts !== false ? operatorFonts(task.fontDir) : undefined
  const fonts = documentFontStore(fontStore(), webFonts.fonts, operator)
  return { html: doc.html, lines: doc.lines, dom: doc.dom, styled, media: doc.media, engines: { fonts, images: loaded.images, warnings, budgets } }
}
