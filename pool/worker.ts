// The worker side of the render pool: one named export per format. Renderer modules load fonts and keep
// their caches at module scope, so each worker parses fonts once and compiles each template version once.
// Results go back as data (`{ ok, output | error }`), the bytes moved, not copied.
import { move, transferableSymbol, valueSymbol } from 'piscina'
import { RenderError, type ClipsTask, type ImageTask, type PdfTask, type RenderOutput, type RenderResult, type TxtTask, type DocxTask } from '../renderers/contract.js'
import { renderPdf } from '../renderers/pdf/index.js'
import { renderImage, renderClips } from '../renderers/image/index.js'
import { renderTxt } from '../renderers/txt/index.js'
import { renderDocx } from '../renderers/docx/index.js'

/** A result whose bytes are transferred to the main thread instead of structured-cloned. */
function movable(result: RenderResult): unknown {
  if (!result.ok) return result
  const { bytes } = result.output
  // Only a buffer that owns its whole ArrayBuffer may be transferred (small Node Buffers share a pool).
  const ownsBuffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  if (!ownsBuffer) return result
  // move() marks the object so piscina transfers bytes.buffer and hands `result` over.
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: result } as unknown as Transferable)
}

async function settle(render: () => Promise<RenderOutput>): Promise<unknown> {
  try {
    return movable({ ok: true, output: await render() })
  } catch (error) {
    if (error instanceof RenderError) return { ok: false, error: { code: error.code, message: error.message } }
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, error: { code: 'QUIRE_ERR_RENDER_FAILED', message: `The render failed: ${message}` } }
  }
}

export function pdf(task: PdfTask) { return settle(() => renderPdf(task)) }
export function image(task: ImageTask) { return settle(() => renderImage(task)) }
export function clips(task: ClipsTask) { return settle(() => renderClips(task)) }
export function txt(task: TxtTask) { return settle(() => renderTxt(task)) }
export function docx(task: DocxTask) { return settle(() => renderDocx(task)) }
