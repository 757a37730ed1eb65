// Small builders shared by the template tests.
import type { DocumentSource, LiquidSource, RenderLimits } from '../../../renderers/contract.js'

export const limits: RenderLimits = {
  maxPages: 100, maxImagePixels: 1e8, maxImageDimension: 10000, maxClips: 10, maxHtmlChars: 1_000_000, templateRenderMs: 300,
}

let serial = 0
/** A LiquidSource with a fresh cacheKey unless one is given (tests must not share cache entries by accident). */
export function liquid(text: string, cacheKey = `test-${process.pid}-${++serial}`): LiquidSource {
  return { cacheKey, text }
}

export function templateSource(text: string, blocks: Record<string, string> = {}, kind: DocumentSource['kind'] = 'template'): DocumentSource {
  return {
    kind,
    main: liquid(text),
    blocks: Object.fromEntries(Object.entries(blocks).map(([name, body]) => [name, liquid(body)])),
    header: null,
    footer: null,
    settings: {} as DocumentSource['settings'],
  }
}
