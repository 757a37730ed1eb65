// Builds render tasks from resolved sources and validated options; the one place that attaches limits
// and the outbound fetch policy from config.
import type { ClipsOptions, DocumentSource, ImageOptions, RenderTask } from '../../renderers/contract.js'
import type { Config } from '../config.js'
import { Errors } from '../errors.js'

export type SyncFormat = 'pdf' | 'image' | 'txt'

/** Why `body` is not template data (nothing, or not a JSON object): a 400 that says so. */
export function dataMissing(body: unknown, where = 'The request body'): Error {
  if (body === undefined || body === null || body === '') {
    return new Errors.REQUEST_DATA_MISSING(`${where} must be a JSON object with the template data (send {} when the template needs none)`)
  }
  return new Errors.REQUEST_DATA_MISSING(`${where} must be a JSON object with the template data, not ${Array.isArray(body) ? 'an array' : typeof body}`)
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
