// The tiny documents a worker renders before real work: the PDF one as it starts (fonts, layout, pdfkit,
// sharp), the image one when its first image task arrives (SVG painter, resvg), so no real render pays for it.
import type { ImageTask, PdfTask } from '../renderers/contract.js'
import { DEFAULT_SETTINGS } from '../renderers/default-settings.js'

const common = {
  source: {
    kind: 'html' as const,
    main: { cacheKey: 'quire:warm-up', text: '<p style="font-family:sans-serif"><b>Quire</b> <i>warm-up</i></p><p style="font-family:serif">1</p>' },
    blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS,
  },
  data: {},
  limits: { maxPages: 5, maxImagePixels: 1_000_000, maxImageDimension: 1000, maxClips: 1, maxHtmlChars: 10_000, templateRenderMs: 1000 },
  fetch: { allowHosts: [], timeoutMs: 1000, maxBytes: 1024 },
  now: '2026-01-01T00:00:00.000Z',
}

export const WARM_UP_PDF: PdfTask = { ...common, format: 'pdf' }
export const WARM_UP_IMAGE: ImageTask = { ...common, format: 'image', image: { format: 'png', width: 200, height: 100, fullPage: false, quality: 90, scale: 1 } }
