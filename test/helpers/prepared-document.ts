// A hand-built styled tree as the composition stage would hand it on (renderers/pipeline/finished-document.ts):
// the bundled fonts, no images, a fresh warnings collector, the default budgets.
import { DEFAULT_BUDGETS } from '../../renderers/default-budgets.js'
import { noLines } from '../../renderers/element-name.js'
import { parseHtml } from '../../renderers/document/parse-html.js'
import type { MediaContext, StyledDocument } from '../../renderers/document/styled-tree.js'
import { fontStore } from '../../renderers/fonts/font-store.js'
import type { PreparedDocument } from '../../renderers/pipeline/finished-document.js'
import { Warnings } from '../../renderers/warnings.js'

export function preparedDocument(styled: StyledDocument, media: MediaContext): PreparedDocument {
  return {
    html: '', lines: noLines, dom: parseHtml(''), styled, media,
    engines: { fonts: fontStore(), images: new Map(), warnings: new Warnings(), budgets: DEFAULT_BUDGETS },
  }
}
