// `quire render`: one render in this process, without a server or a pool (same renderers, same limits).
import { RenderError } from '../../renderers/contract.js'
import { render } from '../../renderers/render.js'
import type { Config } from '../config.js'
import { parseSettings } from '../settings.js'
import { contentKey } from './document-source.js'
import { buildTask } from './tasks.js'
import { imageOptionsFromBody } from './image-options.js'

/** The formats `quire render` writes. */
export type LocalFormat = 'pdf' | 'png' | 'jpeg' | 'txt' | 'docx'

export interface LocalRender {
  html: string
  format: LocalFormat
  data: unknown
  settings?: unknown
  /** Images: CSS-pixel width, height (a viewport-sized capture; none = the full document) and scale, as given. */
  image?: { width?: string; height?: string; scale?: string }
}

/** The rendered bytes and the warnings (what the template used that was ignored or approximated). */
export async function renderLocally(config: Config, { html, format, data, settings, image }: LocalRender): Promise<{ bytes: Uint8Array; warnings: string[] }> {
  const source = {
    kind: 'template' as const,
    main: { cacheKey: contentKey(html), text: html },
    blocks: {},
    header: null,
    footer: null,
    settings: parseSettings(settings ?? {}),
  }
  const task = format === 'png' || format === 'jpeg'
    ? buildTask(config, 'image', { source, data }, imageOptionsFromBody({ format, quality: 90, ...image, fullPage: image?.height === undefined }))
    : buildTask(config, format, { source, data })
  try {
    const output = await render(task)
    return { bytes: output.bytes, warnings: output.warnings }
  } catch (error) {
    if (error instanceof RenderError) throw Object.assign(new Error(error.message), { code: error.code })
    throw error
  }
}
