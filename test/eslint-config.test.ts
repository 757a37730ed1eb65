// The folder rules of eslint.config.js (run by `npm run lint`) on small files at real paths: each rule
// fails on the import it forbids and lets through what painters and layout may use.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import t from 'tap'

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..') })

/** The messages of the import rules for `code` as if it were the file at `path`. */
async function importErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x]\n`, { filePath: join(import.meta.dirname, '..', path) })
  return result.messages.filter((m) => /no-restricted-imports$/.test(m.ruleId ?? '')).map((m) => m.message)
}

t.test('painters fill in no template, style no document, load nothing and lay nothing out', async (t) => {
  const forbidden: Array<[string, RegExp]> = [
    [`import { renderDocumentHtml as x } from '../template/index.js'`, /fills in the template/],
    [`import { buildStyledDocument as x } from '../document/index.js'`, /styles the document/],
    [`import { layoutDocument as x } from '../layout/layout-document.js'`, /lays the document out/],
    [`import { displayList as x } from '../layout/display-list.js'`, /lays the document out/],
    [`import { paginate as x } from '../layout/paged/paginate.js'`, /lays the document out/],
    [`import { loadImagesWithWarnings as x } from '../resources/index.js'`, /loads images and fonts/],
    [`import { loadDocumentFonts as x } from '../fonts/load-document-fonts.js'`, /loads images and fonts/],
    [`import { printDocument as x } from '../pipeline/print-document.js'`, /runs before the painter/],
    [`import { render as x } from '../render.js'`, /runs before the painter/],
  ]
  for (const painter of ['pdf', 'image', 'txt', 'docx']) {
    for (const [code, message] of forbidden) {
      const errors = await importErrors(`renderers/${painter}/new-file.ts`, code)
      t.match(errors, [message], `${painter}/: ${code}`)
    }
  }
  // From a painter's own subfolder (pdf/standards/, pdf/tagging/) as well.
  t.match(await importErrors('renderers/pdf/standards/new-file.ts', `import { renderBlockHtml as x } from '../../template/index.js'`), [/fills in the template/])
  t.match(await importErrors('renderers/pdf/tagging/new-file.ts', `import { layoutDocument as x } from '../../layout/layout-document.js'`), [/lays the document out/])
  const allowed = [
    `import type { StyledDocument as x } from '../document/styled-tree.js'`,
    `import type { PaintOp as x } from '../layout/display-list.js'`,
    `import { type LaidOutDocument as x } from '../layout/layout-document.js'`,
    `import { fitRadii as x } from '../layout/fit-radii.js'`,
    `import { PAGE_TOKEN as x } from '../pipeline/finished-document.js'`,
    `import { collapseWhitespace as x } from '../document/whitespace.js'`,
    `import { resolveFace as x } from '../fonts/index.js'`,
  ]
  for (const code of allowed) t.same(await importErrors('renderers/pdf/new-file.ts', code), [], `allowed: ${code}`)
})

t.test('the composition stage may do all of that; painters may not import each other; layout imports no painter', async (t) => {
  t.same(await importErrors('renderers/pipeline/new-file.ts', `import { renderDocumentHtml as x } from '../template/index.js'`), [])
  t.same(await importErrors('renderers/pipeline/new-file.ts', `import { layoutDocument as x } from '../layout/layout-document.js'`), [])
  t.match(await importErrors('renderers/image/new-file.ts', `import { paintPdf as x } from '../pdf/index.js'`), [/painters do not import each other/])
  t.match(await importErrors('renderers/pdf/tagging/new-file.ts', `import { paintImage as x } from '../../image/index.js'`), [/painters do not import each other/])
  t.match(await importErrors('renderers/layout/new-file.ts', `import { paintPdf as x } from '../pdf/index.js'`), [/imports no painter/])
  t.match(await importErrors('renderers/layout/paged/new-file.ts', `import { paintPdf as x } from '../../pdf/index.js'`), [/imports no painter/])
  t.match(await importErrors('renderers/pipeline/new-file.ts', `import { loadConfig as x } from '../../src/config.js'`), [/never import the service/])
})
