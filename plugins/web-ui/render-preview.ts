// The editor's live preview: the form as it is now (unsaved), or one saved version, rendered by the pool
// as a PDF or as a PNG of the first page. Problems come back as data naming where they are — the HTML
// editor's line and column, the sample data's, or the settings field — so the page can mark the spot.
import type { FastifyInstance } from 'fastify'
import type { DocumentSource, RenderOutput } from '../../renderers/contract.js'
import { PoolError } from '../../pool/index.js'
import { draftSource, templateSource } from '../../src/render/document-source.js'
import { renderErrorStatus } from '../../src/render/pool-errors.js'
import { buildTask } from '../../src/render/tasks.js'
import { DEFAULT_SETTINGS, paperSizeMm } from '../../src/settings.js'
import type { EditorForm } from '../../src/web/editor-form.js'
import type { DocumentKindName } from './document-kind.js'

export type PreviewFormat = 'png' | 'pdf'

export interface PreviewProblem {
  status: number
  code: string
  error: string
  /** Which part of the editor the problem is in. */
  target: 'html' | 'sampleData' | 'settings' | 'name' | 'render'
  line?: number
  column?: number
  field?: string | null
}

export type PreviewResult = { ok: true; output: RenderOutput; ms: number } | { ok: false; problem: PreviewProblem }

const CSS_PX_PER_MM = 96 / 25.4

/** "… in template at line 3, column 7: …" — the position a render error gives in the main text. */
function mainTextPosition(message: string): { line: number; column: number } | null {
  const match = /\bin template at line (\d+), column (\d+)/.exec(message)
  return match ? { line: Number(match[1]), column: Number(match[2]) } : null
}

export function formProblem(form: EditorForm): PreviewProblem | null {
  const { errors } = form
  const base = { status: 422, code: 'QUIRE_ERR_REQUEST_INVALID' }
  if (errors.html) return { ...base, code: 'QUIRE_ERR_TEMPLATE_SYNTAX', target: 'html', error: errors.html.message, line: errors.html.line, column: errors.html.column }
  if (errors.sampleData) return { ...base, target: 'sampleData', error: errors.sampleData.message, line: errors.sampleData.line, column: errors.sampleData.column }
  if (errors.settings) return { ...base, code: 'QUIRE_ERR_SETTINGS_INVALID', target: 'settings', error: errors.settings.message, field: errors.settings.field }
  return null
}

export async function renderPreview(
  app: FastifyInstance,
  input: { load: () => Promise<{ source: DocumentSource; data: unknown }>; format: PreviewFormat },
): Promise<PreviewResult> {
  const { format } = input
  const started = performance.now()
  try {
    const { source, data } = await input.load()
    const page = paperSizeMm(source.settings)
    const task = format === 'pdf'
      ? buildTask(app.config, 'pdf', { source, data })
      : buildTask(app.config, 'image', { source, data }, {
        format: 'png', quality: 90, scale: 1, fullPage: false, height: Math.round(page.heightMm * CSS_PX_PER_MM),
      })
    const output = await app.pool.run(task)
    return { ok: true, output, ms: performance.now() - started }
  } catch (error) {
    const coded = error as { code?: string; statusCode?: number; message?: string }
    if (!(error instanceof PoolError) && !coded.code?.startsWith('QUIRE_ERR_')) throw error
    const message = coded.message ?? String(error)
    const position = mainTextPosition(message)
    const block = /template's (header|footer) block/.exec(message)
    const status = error instanceof PoolError ? renderErrorStatus(error.code) : coded.statusCode ?? 400
    return {
      ok: false,
      problem: {
        // A 400 is about what the editor holds (422 to the page); 404 and 5xx keep their meaning.
        status: status === 400 ? 422 : status,
        code: coded.code!,
        error: message,
        target: position ? 'html' : block || coded.code === 'QUIRE_ERR_SETTINGS_INVALID' ? 'settings' : 'render',
        ...(position ?? {}),
        ...(block ? { field: `${block[1]}.blockId` } : {}),
      },
    }
  }
}

/** The source of an unsaved draft: templates with their own settings, blocks on a default page. */
export function draftPreviewSource(app: FastifyInstance, kind: DocumentKindName, accountId: string, form: EditorForm): Promise<DocumentSource> {
  return draftSource(app.store, accountId, form.html, kind === 'templates' ? form.settings : DEFAULT_SETTINGS)
}

/** The source and sample data of one saved version (null when it is not a version of this document). */
export async function versionPreviewSource(
  app: FastifyInstance, kind: DocumentKindName, accountId: string, id: string, versionId: string,
): Promise<{ source: DocumentSource; data: unknown } | null> {
  if (kind === 'templates') {
    const version = await app.store.templates.getVersion(accountId, id, versionId)
    if (!version) return null
    const { source } = await templateSource(app.store, accountId, id, versionId)
    return { source, data: version.sampleData }
  }
  const version = await app.store.blocks.getVersion(accountId, id, versionId)
  if (!version) return null
  return { source: await draftSource(app.store, accountId, version.html, DEFAULT_SETTINGS), data: version.sampleData }
}
