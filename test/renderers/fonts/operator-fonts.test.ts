// FONT_DIR: fonts an operator installs are found by the family name they declare (as fontconfig finds them
// for Chromium), in PDF and PNG; files that are not fonts are skipped; a template's @font-face of the same
// name wins; the directory reaches render tasks from the configuration.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { loadConfig } from '../../../src/config.js'
import { buildTask } from '../../../src/render/tasks.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdffonts'] })

const require = createRequire(import.meta.url)
const dir = mkdtempSync(join(tmpdir(), 'quire-font-dir-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
mkdirSync(join(dir, 'lato'))
copyFileSync(require.resolve('@fontsource/lato/files/lato-latin-400-normal.woff'), join(dir, 'lato', 'Lato-Regular.woff'))
copyFileSync(require.resolve('@fontsource/lato/files/lato-latin-700-normal.woff'), join(dir, 'lato', 'Lato-Bold.woff'))
writeFileSync(join(dir, 'broken.ttf'), 'not a font')

function fonts(bytes: Uint8Array): string[] {
  const out = withPdf(bytes, (p) => execFileSync('pdffonts', [p], { encoding: 'utf8' }))
  return out.split('\n').slice(2).filter(Boolean).map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort()
}

t.test('a family in FONT_DIR is matched by name and weight; without FONT_DIR the list falls through', async (t) => {
  const html = `<!DOCTYPE html><p style="font-family:Lato, Arial">Operator <b>font</b></p>`
  const task = { ...pdfTask(html, { kind: 'html' }), fontDir: dir }
  const out = await renderPdf(task)
  t.same(out.warnings, [])
  t.same(fonts(out.bytes), ['Lato-Bold', 'Lato-Regular'])
  t.same(fonts((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes), ['Arimo-Bold', 'Arimo-Regular'])
})

t.test('FONT_DIR in PNG output', async (t) => {
  const html = `<!DOCTYPE html><p style="font:40px Lato;margin:0">WWWW</p>`
  const withDir = await renderImage({ ...imageTask({ fullPage: false }, source(html, {})), fontDir: dir })
  const without = await renderImage(imageTask({ fullPage: false }, source(html, {})))
  t.not(Buffer.compare(Buffer.from(withDir.bytes), Buffer.from(without.bytes)), 0, 'the text is drawn differently')
})

t.test('the configuration hands FONT_DIR to every render task', async (t) => {
  const config = loadConfig({ FONT_DIR: dir, LOG_LEVEL: 'silent' })
  const task = buildTask(config, 'pdf', { source: source(), data: {} })
  t.equal(task.fontDir, dir)
  t.equal(buildTask(loadConfig({ LOG_LEVEL: 'silent' }), 'pdf', { source: source(), data: {} }).fontDir, undefined)
})
