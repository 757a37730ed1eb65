import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function red(html: string): Record<string, number> {
  const doc = buildStyledDocument(html, media)
  const out: Record<string, number> = {}
  const walk = (e: StyledElement): void => {
    if (e.attrs.id) out[e.attrs.id] = e.style.color.r
    for (const c of e.children) if (c.kind === 'element') walk(c)
  }
  walk(doc.root)
  return out
}

t.test('CSS nesting', async (t) => {
  const c = red(`<style>
    .card {
      color: rgb(1,0,0);
      .title { color: rgb(2,0,0) }
      & > p { color: rgb(3,0,0) }
      &.big { color: rgb(4,0,0) }
      .dark & { color: rgb(5,0,0) }
      h1, h2 { color: rgb(6,0,0); em { color: rgb(7,0,0) } }
      @media print { footer { color: rgb(8,0,0) } }
      + aside { color: rgb(9,0,0) }
    }
    section article, section aside { div { color: rgb(10,0,0) } }
  </style>
  <div class="card" id="card"><span class="title" id="title"></span><p id="child"></p><div><p id="deep"></p></div>
    <h2 id="h2"><em id="em"></em></h2><footer id="footer"></footer></div><aside id="aside"></aside>
  <div class="card big" id="big"></div>
  <div class="dark"><div class="card" id="dark"></div></div>
  <section><article><div id="n1"></div></article><aside><div id="n2"></div></aside></section><article><div id="n3"></div></article>`)
  t.equal(c.card, 1)
  t.equal(c.title, 2, 'implicit descendant')
  t.equal(c.child, 3, '& > p')
  t.equal(c.deep, 1, '& > p does not match grandchildren')
  t.equal(c.big, 4, '&.big')
  t.equal(c.dark, 5, '.dark &')
  t.equal(c.h2, 6, 'selector list inside')
  t.equal(c.em, 7, 'two levels deep')
  t.equal(c.footer, 8, 'nested @media')
  t.equal(c.aside, 9, 'relative selector with a leading combinator')
  t.equal(c.n1, 10)
  t.equal(c.n2, 10)
  t.equal(c.n3, 0, 'parent selector list is respected')
})

t.test('nested declarations keep source order and specificity', async (t) => {
  const c = red('<style>.a { & .b { color: rgb(1,0,0) } } .a .b { color: rgb(2,0,0) }</style><div class="a"><p class="b" id="x"></p></div>')
  t.equal(c.x, 2)
})
