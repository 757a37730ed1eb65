// Where every render starts: a task in, its bytes out. The composition stage (renderers/pipeline/) prepares
// the document once — template, stylesheets, styled tree, images and web fonts, budgets — and lays it out for
// print or for the screen; then the format's painter paints what it is handed. pool/worker.ts and
// `quire render` (src/render/local-render.ts) both call render(), so this is the one format switch. A task's
// options were checked where they came in (src/render/image-options.ts, src/settings.ts): a render trusts them.
// The PDF painter loads with this module; the image, TXT and DOCX painters on their first task (resvg, sharp
// and the ZIP writer, which a service that only prints PDFs never needs).
import type { ClipsTask, DocxTask, ImageTask, PdfTask, RenderHooks, RenderOutput, RenderTask, TaskFormat, TxtTask } from './contract.js'
import { inRenderScope } from './layout/render-scope.js'
import { withYoga } from './layout/yoga.js'
import { paintPdf } from './pdf/index.js'
import { printDocument } from './pipeline/print-document.js'
import { renderDate } from './pipeline/render-date.js'
import { screenDocument } from './pipeline/screen-document.js'
import { textDocument } from './pipeline/text-document.js'
import { wordDocument } from './pipeline/word-document.js'

/** Runs `load` once; later calls share its promise. */
function once<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: Promise<M> | null = null
  return () => (loaded ??= load())
}

const painters = {
  image: once(() => import('./image/index.js')),
  txt: once(() => import('./txt/index.js')),
  docx: once(() => import('./docx/index.js')),
}

/** Loads the painter of a format before its first render (the worker does it outside a render's time limit). */
export async function loadPainter(format: TaskFormat): Promise<void> {
  if (format === 'image' || format === 'clips') await painters.image()
  else if (format === 'txt' || format === 'docx') await painters[format]()
}

/**
 * Each render's layout caches live as long as it runs (layout/render-scope.ts); a render that meets a flex
 * container before yoga's WebAssembly is loaded runs once more with it (layout/yoga.ts).
 */
function scoped<T extends RenderTask>(run: (task: T, hooks: RenderHooks) => Promise<RenderOutput>): (task: T, hooks?: RenderHooks) => Promise<RenderOutput> {
  return (task, hooks = {}) => inRenderScope(() => withYoga(() => run(task, hooks)))
}

/** `hooks`: progress per painted page, and the file's bytes as they are written (contract.ts RenderHooks). */
export const renderPdf = scoped(async (task: PdfTask, hooks) => {
  const printed = await printDocument(task)
  return { ...(await paintPdf(printed, task.source.settings, hooks)), pages: printed.pages.length }
})

export const renderImage = scoped(async (task: ImageTask) => {
  const options = task.image
  const painter = await painters.image()
  const page = await screenDocument(task, { width: options.width, height: options.fullPage ? undefined : options.height, fullPage: options.fullPage, scale: options.scale })
  return { ...(await painter.paintImage(page, options)), pages: 1 }
})

export const renderClips = scoped(async (task: ClipsTask) => {
  const options = task.clips
  const painter = await painters.image()
  const page = await screenDocument(task, { width: options.width, fullPage: true, scale: options.scale })
  return { ...(await painter.paintClips(page, options, renderDate(task))), pages: options.clips.length }
})

export const renderTxt = scoped(async (task: TxtTask) => ({ ...(await (await painters.txt()).paintTxt(await textDocument(task))), pages: 1 }))

export const renderDocx = scoped(async (task: DocxTask) => ({ ...(await (await painters.docx()).paintDocx(await wordDocument(task), task.source.settings)), pages: 1 }))

/** One render of any format: the one format switch. `hooks` are followed by the PDF renderer only. */
export function render(task: RenderTask, hooks?: RenderHooks): Promise<RenderOutput> {
  switch (task.format) {
    case 'pdf': return renderPdf(task, hooks)
    case 'image': return renderImage(task)
    case 'clips': return renderClips(task)
    case 'txt': return renderTxt(task)
    case 'docx': return renderDocx(task)
  }
}
