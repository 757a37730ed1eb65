// Builds render tasks from resolved sources and validated options; the one place that attaches limits
// and the outbound fetch policy from config.
import type { ClipsOptions, DocumentSource, ImageOptions, RenderTask } from '../../renderers/contract.js'
import type { Config } from '../config.js'
import { Errors } from '../errors.js'

export type SyncFormat = 'pdf' | 'image' | 'txt'

export function assertSyncFormat(format: string): asserts format is SyncFormat {
  if (format !== 'pdf' && format !== 'image' && format !== 'txt') {
    throw new Errors.REQUEST_INVALID(`Unknown format "${format.slice(0, 40)}": use pdf, image or txt`)
  }
}

/** The template data object: a JSON object; anything else (or nothing) is a 400 that says so. */
export function templateData(body: unknown, where = 'The request body'): Record<string, unknown> {
  if (body === undefined || body === null || body === '') {
    throw new Errors.REQUEST_DATA_MISSING(`${where} must be a JSON object with the template data (send {} when the template needs none)`)
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new Errors.REQUEST_DATA_MISSING(`${where} must be a JSON object with the template data, not ${Array.isArray(body) ? 'an array' : typeof body}`)
  }
  return body as Record<string, unknown>
}

interface TaskInput { source: DocumentSource; data: unknown }

export function buildTask(config: Config, format: 'pdf' | 'txt' | 'docx', input: TaskInput): RenderTask
export function buildTask(config: Config, format: 'image', input: TaskInput, image: ImageOptions): RenderTask
export function buildTask(config: Config, format: 'clips', input: TaskInput, clips: ClipsOptions): RenderTask
export function buildTask(config: Config, format: RenderTask['format'], input: TaskInput, options?: ImageOptions | ClipsOptions): RenderTask {
  const base = { source: input.source, data: input.data, limits: config.limits, fetch: config.fetch, ...(config.fontDir ? { fontDir: config.fontDir } : {}) }
  switch (format) {
    case 'image': return { ...base, format, image: options as ImageOptions }
    case 'clips': return { ...base, format, clips: options as ClipsOptions }
    default: return { ...base, format }
  }
}

/** The usage counter a finished render adds to. */
export function usageKind(extension: string): 'pdf' | 'png' | 'jpeg' | 'txt' | 'docx' | 'zip' {
  switch (extension) {
    case 'jpg': case 'jpeg': return 'jpeg'
    case 'png': case 'pdf': case 'txt': case 'docx': case 'zip': return extension
    default: return 'pdf'
  }
}
