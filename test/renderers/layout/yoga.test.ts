// yoga-layout is instantiated only when a document has a flex container (its WebAssembly instance costs
// about 14 MB per worker); the first flex document of a process still comes out laid out as flex.
// This file runs in a process of its own, so yoga starts unloaded here.
import { execFileSync } from 'node:child_process'
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { yoga } from '../../../renderers/layout/yoga.js'
import { pdfText, withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const loaded = () => { try { yoga(); return true } catch { return false } }

t.test('a document without flexbox does not load yoga', async (t) => {
  const out = await renderPdf(pdfTask('<p>Plain block text</p><table><tr><td>a cell</td></tr></table>', { kind: 'html' }))
  t.match(pdfText(out.bytes), /Plain block text/)
  t.equal(loaded(), false)
})

t.test('the first flex document loads yoga and is laid out as flex', async (t) => {
  const html = '<div style="display:flex;justify-content:space-between;width:500px"><span>LeftItem</span><span>RightItem</span></div>'
  const out = await renderPdf(pdfTask(html, { kind: 'html' }))
  t.equal(loaded(), true)
  // space-between: the second item ends at the container's right edge (500 px = 375 pt), not next to the first.
  const xml = withPdf(out.bytes, (path) => execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' }))
  const xMax = (word: string) => Number(new RegExp(`xMax="([\\d.]+)"[^>]*>${word}<`).exec(xml)?.[1])
  const xMin = (word: string) => Number(new RegExp(`xMin="([\\d.]+)"[^>]*>${word}<`).exec(xml)?.[1])
  t.ok(xMin('RightItem') - xMax('LeftItem') > 200, `RightItem starts ${xMin('RightItem') - xMax('LeftItem')} pt after LeftItem ends`)
  t.ok(Math.abs(xMax('RightItem') - xMin('LeftItem') - 375) < 2, 'the items span the 500 px container')
})
