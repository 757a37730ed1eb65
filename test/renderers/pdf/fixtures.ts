// Builds PDF render tasks for the tests: A4, 10 mm margins, fixed date, nothing optional switched on.
import type { PdfTask, TemplateSettings } from '../../../renderers/contract.js'
import { DEFAULT_SETTINGS } from '../../../renderers/default-settings.js'

export function settings(overrides: Partial<TemplateSettings> = {}): TemplateSettings {
  return { ...DEFAULT_SETTINGS, ...overrides }
}

export function pdfTask(html: string, opts: { settings?: Partial<TemplateSettings>; data?: unknown; header?: string; footer?: string; kind?: 'html' | 'template'; maxPages?: number } = {}): PdfTask {
  return {
    format: 'pdf',
    source: {
      kind: opts.kind ?? 'template',
      main: { cacheKey: `test-${html.length}-${hash(html)}`, text: html },
      blocks: {},
      header: opts.header ? { cacheKey: `h-${hash(opts.header)}`, text: opts.header } : null,
      footer: opts.footer ? { cacheKey: `f-${hash(opts.footer)}`, text: opts.footer } : null,
      settings: settings(opts.settings),
    },
    data: opts.data ?? {},
    limits: { maxPages: opts.maxPages ?? 50, maxImagePixels: 1e8, maxImageDimension: 10000, maxClips: 10, maxHtmlChars: 5_000_000, templateRenderMs: 5000 },
    fetch: { allowHosts: [], timeoutMs: 1000, maxBytes: 1_000_000 },
    now: '2024-05-01T12:00:00Z',
  }
}

function hash(s: string): string {
  let h = 0
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0
  return (h >>> 0).toString(16)
}

export function rows(n: number): string {
  return Array.from({ length: n }, (_, i) => `<tr><td>Row ${i + 1}</td><td>${(i + 1) * 3} units</td><td>${((i + 1) * 12.5).toFixed(2)}</td></tr>`).join('')
}
