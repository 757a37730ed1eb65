// Alike elements share one computed style (build-styled-tree.ts), and so do their ::before and ::after: the
// style is cascaded once per element style and matched rules, while each box's generated text is its own.
import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function pseudos(html: string, tag: string): StyledElement[] {
  const out: StyledElement[] = []
  const stack = [buildStyledDocument(html, media).root]
  while (stack.length) {
    const e = stack.pop()!
    for (const c of e.children) if (c.kind === 'element') { if (c.tag === tag) out.unshift(c); else stack.push(c) }
  }
  return out
}

t.test('the ::before of alike elements is one style, with each its own counter text', async (t) => {
  const css = 'ol { counter-reset: n } li { counter-increment: n } li::before { content: counter(n) ". "; color: red }'
  const [a, b, c] = pseudos(`<style>${css}</style><ol><li>a</li><li>b</li><li>c</li></ol>`, '::before')
  t.equal(a.style, b.style)
  t.equal(b.style, c.style)
  t.same([a, b, c].map((p) => p.children.map((x) => (x.kind === 'text' ? x.text : ''))), [['1. '], ['2. '], ['3. ']])
  t.same(a.style.color, { r: 255, g: 0, b: 0, a: 1 })
})

t.test('elements styled otherwise, or other rules, give the pseudo-element another style', async (t) => {
  const css = 'p::after { content: "*" } .big { font-size: 30px } .x::after { color: blue }'
  const [plain, big, x] = pseudos(`<style>${css}</style><p>a</p><p class="big">b</p><p class="x">c</p>`, '::after')
  t.not(plain.style, big.style)
  t.equal(big.style.fontSize, 30)
  t.equal(plain.style.fontSize, 16)
  t.not(plain.style, x.style)
  t.same(x.style.color, { r: 0, g: 0, b: 255, a: 1 })
})
