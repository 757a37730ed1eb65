import t from 'tap'
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { buildStyledDocument, type MediaContext, type StyledElement } from '../../../renderers/document/index.js'
import { CORPUS_DIR as CORPUS } from '../../helpers/corpus.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ paths: [CORPUS] })

const print: MediaContext = { type: 'print', width: 794, height: 1123 }
const screen: MediaContext = { type: 'screen', width: 800, height: 1200 }

const entries = readdirSync(CORPUS).filter((d) => existsSync(`${CORPUS}/${d}/template.html`))
const read = (name: string): string => readFileSync(`${CORPUS}/${name}/template.html`, 'utf8')

function elements(root: StyledElement): StyledElement[] {
  const out: StyledElement[] = []
  const walk = (e: StyledElement): void => { out.push(e); for (const c of e.children) if (c.kind === 'element') walk(c) }
  walk(root)
  return out
}

t.test('every corpus template builds, for print and screen, in reasonable time', async (t) => {
  t.ok(entries.length >= 16, `${entries.length} templates`)
  for (const name of entries) {
    const html = read(name)
    for (const media of [print, screen]) {
      const start = performance.now()
      const doc = buildStyledDocument(html, media)
      const ms = performance.now() - start
      t.equal(doc.root.tag, 'html', `${name} (${media.type}) has a root`)
      t.ok(elements(doc.root).some((e) => e.tag === 'body'), `${name} has a body`)
      t.ok(ms < 1500, `${name} (${media.type}) built in ${ms.toFixed(1)} ms`)
    }
  }
  // Warm builds hit the stylesheet cache and must be fast.
  const html = read('sparksuite-invoice')
  const start = performance.now()
  for (let i = 0; i < 20; i++) buildStyledDocument(html, print)
  const per = (performance.now() - start) / 20
  t.ok(per < 50, `sparksuite-invoice warm build ${per.toFixed(2)} ms`)
})

t.test('sparksuite-invoice: nth-child alignment and title', async (t) => {
  const doc = buildStyledDocument(read('sparksuite-invoice'), print)
  const cells = elements(doc.root).filter((e) => e.tag === 'td' && e.attrs.class === undefined)
  const item = elements(doc.root).find((e) => e.tag === 'tr' && e.attrs.class === 'item')!
  const tds = item.children.filter((c): c is StyledElement => c.kind === 'element')
  t.equal(tds[1].style.textAlign, 'right')
  t.not(tds[0].style.textAlign, 'right')
  t.ok(cells.length > 0)
  t.equal(doc.title, 'A simple, clean, and responsive HTML invoice template')
})

t.test('postmark-receipt: hidden preheader', async (t) => {
  const doc = buildStyledDocument(read('postmark-receipt'), screen)
  const pre = elements(doc.root).find((e) => e.attrs.class === 'preheader')!
  t.equal(pre.style.display, 'none')
})

t.test('weasyprint-invoice: <style media="print"> applies to print only', async (t) => {
  const html = read('weasyprint-invoice')
  const body = (m: MediaContext) => elements(buildStyledDocument(html, m).root).find((e) => e.tag === 'body')!
  t.same(body(screen).style.marginTop, { px: 8, pct: 0 }, 'unstyled on screen')
  t.ok(buildStyledDocument(html, print).page.margins.top !== null)
  t.ok(buildStyledDocument(html, screen).page.margins.top === null)
})

t.test('icelam-cv: screen media query active at 800px', async (t) => {
  const html = read('icelam-cv')
  const body = (m: MediaContext) => elements(buildStyledDocument(html, m).root).find((e) => e.tag === 'body')!
  t.same(body(screen).style.paddingTop, { px: 0, pct: 0 })
  t.same(body(screen).style.minWidth, { px: 0, pct: 100 })
})

t.test('weasyprint-ticket: landscape page', async (t) => {
  t.equal(buildStyledDocument(read('weasyprint-ticket'), print).page.orientation, 'landscape')
})
