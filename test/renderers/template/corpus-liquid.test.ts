// Every corpus entry written in Liquid must reproduce its published HTML byte for byte, with one
// documented exception: liquidjs' `escape` writes an apostrophe in data as `&#39;` (needed so a value
// cannot end a single-quoted attribute). Two entries have apostrophes in text; an HTML parser reads
// both spellings as the same character. Nothing else may differ.
import t from 'tap'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DocumentSource, RenderLimits } from '../../../renderers/contract.js'
import { renderDocumentHtml } from '../../../renderers/template/index.js'
import { CORPUS_DIR as CORPUS } from '../../helpers/corpus.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ paths: [CORPUS] })

const limits: RenderLimits = {
  maxPages: 100, maxImagePixels: 1e8, maxImageDimension: 10000, maxClips: 10, maxHtmlChars: 20_000_000, templateRenderMs: 5000,
}

const entries = readdirSync(CORPUS).filter((n) => existsSync(join(CORPUS, n, 'template.liquid.html')) && existsSync(join(CORPUS, n, 'data.json')))

t.ok(entries.length >= 13, `corpus has Liquid entries (found ${entries.length})`)

for (const name of entries) {
  t.test(name, async (t) => {
    const dir = join(CORPUS, name)
    const text = readFileSync(join(dir, 'template.liquid.html'), 'utf8')
    const source = {
      kind: 'template', main: { cacheKey: `corpus:${name}`, text }, blocks: {}, header: null, footer: null,
      settings: {} as DocumentSource['settings'],
    } satisfies DocumentSource
    const data = JSON.parse(readFileSync(join(dir, 'data.json'), 'utf8'))
    const want = readFileSync(join(dir, 'template.html'), 'utf8')
    const rendered = await renderDocumentHtml({ source, data, limits })
    const got = rendered.replaceAll('&#39;', "'")
    if (rendered !== got) t.notOk(want.includes('&#39;'), 'the reference itself never spells an apostrophe as &#39;')
    if (got !== want) {
      let i = 0
      while (i < got.length && got[i] === want[i]) i++
      t.fail(`differs at ${i}: got ${JSON.stringify(got.slice(i - 40, i + 80))} want ${JSON.stringify(want.slice(i - 40, i + 80))}`)
    } else t.pass(rendered === want ? 'byte-for-byte equal' : 'byte-for-byte equal apart from &#39; for an apostrophe')
  })
}
