import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

type Media = { type: 'print' | 'screen'; width: number; height: number }
const print: Media = { type: 'print', width: 794, height: 1123 }
const screen: Media = { type: 'screen', width: 800, height: 1200 }

function color(html: string, media: Media, id = 't'): number {
  const doc = buildStyledDocument(html, media)
  const stack = [doc.root]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs.id === id) return e.style.color.r
    for (const c of e.children) if (c.kind === 'element') stack.push(c)
  }
  throw new Error('not found')
}

const q = (query: string): string => `<style>#t { color: rgb(1,0,0) } @media ${query} { #t { color: rgb(2,0,0) } }</style><p id="t"></p>`

t.test('media types and features', async (t) => {
  t.equal(color(q('print'), print), 2)
  t.equal(color(q('print'), screen), 1)
  t.equal(color(q('screen'), screen), 2)
  t.equal(color(q('all'), print), 2)
  t.equal(color(q('only screen and (max-width: 600px)'), screen), 1)
  t.equal(color(q('only screen and (max-width: 899px)'), screen), 2, 'icelam-cv query is active at 800px')
  t.equal(color(q('(min-width: 700px)'), screen), 2)
  t.equal(color(q('(min-width: 801px)'), screen), 1)
  t.equal(color(q('(max-height: 1200px)'), screen), 2)
  t.equal(color(q('(min-height: 1201px)'), screen), 1)
  t.equal(color(q('(orientation: portrait)'), screen), 2)
  t.equal(color(q('(orientation: landscape)'), screen), 1)
  t.equal(color(q('(prefers-color-scheme: light)'), screen), 2)
  t.equal(color(q('(prefers-color-scheme: dark)'), screen), 1)
  t.equal(color(q('not print'), screen), 2)
  t.equal(color(q('not screen and (max-width: 600px)'), screen), 2)
  t.equal(color(q('print, (max-width: 900px)'), screen), 2, 'comma list: any query')
  t.equal(color(q('screen and (min-width: 100px) and (max-width: 200px)'), screen), 1)
  t.equal(color(q('(width >= 800px)'), screen), 2)
  t.equal(color(q('(400px <= width < 800px)'), screen), 1)
  t.equal(color(q('(max-width: 50em)'), screen), 2, 'em in media queries is 16px')
  t.equal(color(q('(unknown-feature: 1)'), screen), 1)
})

t.test('<style media> attribute', async (t) => {
  const html = '<style>#t { color: rgb(1,0,0) }</style><style media="print">#t { color: rgb(3,0,0) }</style><p id="t"></p>'
  t.equal(color(html, print), 3)
  t.equal(color(html, screen), 1)
})

t.test('@supports and @import', async (t) => {
  const doc = buildStyledDocument('<style>@import url(x.css); @supports (display: flex) { #t { display: flex } } @supports not (display: flex) { #t { display: table } }</style><div id="t"></div>', print)
  const body = doc.root.children[1] as StyledElement
  t.equal((body.children[0] as StyledElement).style.display, 'flex')
  t.ok(doc.warnings.some((w) => w.startsWith('@import ignored')))
})
