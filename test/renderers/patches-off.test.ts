// QUIRE_PATCHES=off (renderers/patches.ts, docs/internals.md): the same template renders in a process with the
// patches off, through liquidjs's own render loop and pdfkit's own paths, to the same document — the same text
// and pages — while the bytes differ (pdfkit's own deflate level), which shows the patches really were off.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { pdfInfo, pdfText } from '../helpers/tools.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdftotext'] })

const script = `
  import { liquidEngine } from './renderers/template/liquid-engine.ts'
  import { renderPdf } from './renderers/render.ts'
  import { pdfTask } from './test/renderers/pdf/fixtures.ts'
  const engine = liquidEngine('html')
  const ownLoop = Object.hasOwn(engine.renderer, 'renderTemplates') ? 'replaced' : 'liquidjs'
  const task = pdfTask('<h1 style="color:#c00">{{ title }}</h1>{% for i in items %}<p style="opacity:.5">line {{ i | times: 2 }}</p>{% endfor %}', { data: { title: 'Patched?', items: [1, 2, 3] } })
  const out = await renderPdf(task)
  process.stdout.write(JSON.stringify({ ownLoop, pdf: Buffer.from(out.bytes).toString('base64') }))
`

function run(patches: string): { ownLoop: string; pdf: Uint8Array } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, QUIRE_PATCHES: patches }, maxBuffer: 64 * 2 ** 20,
  }).toString()
  const parsed = JSON.parse(out) as { ownLoop: string; pdf: string }
  return { ownLoop: parsed.ownLoop, pdf: new Uint8Array(Buffer.from(parsed.pdf, 'base64')) }
}

t.test('with QUIRE_PATCHES=off the dependencies\' own paths render the same document', async (t) => {
  const on = run('on')
  const off = run('off')
  t.equal(on.ownLoop, 'replaced', 'on: Quire\'s template loop')
  t.equal(off.ownLoop, 'liquidjs', 'off: liquidjs\'s own')
  t.equal(pdfText(off.pdf), pdfText(on.pdf), 'the same text')
  t.match(pdfText(off.pdf), /Patched\?\s+line 2\s+line 4\s+line 6/)
  t.equal(pdfInfo(off.pdf).Pages, pdfInfo(on.pdf).Pages)
  t.not(Buffer.compare(Buffer.from(off.pdf), Buffer.from(on.pdf)), 0, 'other bytes: the patches were off')
})
