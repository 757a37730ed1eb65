// PDF/UA-1 read back from the corpus (issue 31, item 2): rendered with settings.pdf.pdfUA, every entry's PDF
// has no painted content outside the structure tree (each text, path, image or shading operator inside an
// MCID's sequence or an Artifact: test/helpers/marked-content.ts), every font embedded with a ToUnicode map,
// the document marked and its title shown (a document without one is named in a warning). What a template itself gets wrong (no alt, skipped headings, a
// data table without <th>, an icon link without text) is a warning, tested in pdf-standards.test.ts.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { corpusEntries, CORPUS_DIR, entrySource } from '../../../bench/fidelity-run.js'
import type { PdfTask } from '../../../renderers/contract.js'
import { renderPdf } from '../../../renderers/render.js'
import { loadConfig } from '../../../src/config.js'
import { buildTask } from '../../../src/render/tasks.js'
import { markedContentOf } from '../../helpers/marked-content.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ paths: [CORPUS_DIR], tools: ['qpdf', 'pdffonts'] })

const config = loadConfig({ LOG_LEVEL: 'silent' })
const dir = mkdtempSync(join(tmpdir(), 'quire-pdf-ua-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
t.setTimeout(600_000)

t.test('the reader finds the unmarked content this check is for', async (t) => {
  // The same page with its content stream's marks taken out: the check must see the paint outside.
  const input = entrySource(join(CORPUS_DIR, corpusEntries()[0]))
  const out = await renderPdf({ ...buildTask(config, 'pdf', input), now: '2026-01-01T00:00:00Z' } as PdfTask)
  const file = join(dir, 'rendered.pdf')
  writeFileSync(file, out.bytes)
  const qdf = join(dir, 'rendered.qdf')
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, qdf])
  const stripped = execFileSync('sed', ['-e', 's#^/[A-Za-z0-9]* <<[^>]*>> BDC$##', '-e', 's#^/Artifact BMC$##', '-e', 's#^EMC$##', qdf])
  const broken = join(dir, 'stripped.pdf')
  writeFileSync(join(dir, 'stripped.qdf'), stripped)
  writeFileSync(broken, execFileSync('fix-qdf', [join(dir, 'stripped.qdf')]))
  t.ok(markedContentOf(file).unmarked.length === 0, 'the rendered page has none')
  t.ok(markedContentOf(broken).unmarked.length > 0, 'the page with its marks removed has some')
})

for (const name of corpusEntries()) {
  t.test(name, async (t) => {
    const input = entrySource(join(CORPUS_DIR, name))
    const settings = { ...input.source.settings, pdf: { ...input.source.settings.pdf, pdfUA: true } }
    const task = { ...buildTask(config, 'pdf', { ...input, source: { ...input.source, settings } }), now: '2026-01-01T00:00:00Z' } as PdfTask
    const out = await renderPdf(task)
    const file = join(dir, `${name}.pdf`)
    writeFileSync(file, out.bytes)
    const marks = markedContentOf(file)
    t.same(marks.unmarked, [], `no painted content outside the tree on ${marks.pages} page(s)`)
    t.same(marks.untagged, [], 'every marked sequence that paints is an MCID or an Artifact')
    t.same(marks.unbalanced, [], 'marked-content sequences balance on every page')
    const fonts = execFileSync('pdffonts', [file]).toString().split('\n').slice(2).filter(Boolean)
    t.ok(fonts.length > 0, `${fonts.length} font(s)`)
    for (const line of fonts) {
      const cols = line.trim().split(/\s+/)
      t.same(cols.slice(-5, -2), ['yes', 'yes', 'yes'], `embedded, subset, with ToUnicode: ${cols[0]}`)
    }
    const raw = execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { maxBuffer: 1 << 30 }).toString('latin1')
    const info = execFileSync('pdfinfo', [file]).toString()
    t.match(info, /^Tagged:\s+yes$/m, 'marked (MarkInfo /Marked true)')
    // A template without a title cannot comply: it is named, as a missing alt is.
    if (/^Title:\s+\S/m.test(info)) t.match(raw, /\/DisplayDocTitle true/, 'the title is shown')
    else t.ok(out.warnings.includes('PDF/UA: the document has no title: set <title> or settings.pdf.metadata.title'), `no title, so a warning: ${out.warnings.join(' | ')}`)
    t.match(raw, /<pdfuaid:part>1<\/pdfuaid:part>/, 'identified as PDF/UA-1')
  })
}
