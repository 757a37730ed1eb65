// ::before / ::after exist only where a rule declares `content`: without one it computes to `normal`, which
// generates no box (CSS Generated Content 3). Tailwind's `*, ::before, ::after` rule matches them on every
// element; build-styled-tree.ts skips their cascade then. What the tree holds must be what Chromium shows.
import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function childTags(html: string, id: string): string[] {
  const stack = [buildStyledDocument(html, media).root]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs.id === id) return e.children.map((c) => (c.kind === 'element' ? c.tag : `"${c.text}"`))
    for (const c of e.children) if (c.kind === 'element') stack.push(c as StyledElement)
  }
  throw new Error(`no #${id}`)
}

const preflight = '*, ::before, ::after { box-sizing: border-box; border: 0 solid #e5e7eb; --tw-content: "" }'

t.test('a universal rule without content makes no ::before or ::after', async (t) => {
  t.same(childTags(`<style>${preflight}</style><p id="p">x</p>`, 'p'), ['"x"'])
})

t.test('content from another rule, or !important, still makes the box', async (t) => {
  const css = `${preflight} #p::before { content: var(--tw-content) } #q::after { content: "!" !important }`
  t.same(childTags(`<style>${css}</style><p id="p">x</p>`, 'p'), ['::before', '"x"'])
  t.same(childTags(`<style>${css}</style><p id="q">x</p>`, 'q'), ['"x"', '::after'])
})

t.test('a counter-increment on a ::before without content counts nothing', async (t) => {
  const css = 'body { counter-reset: n } .c::before { counter-increment: n } #shown::before { content: counter(n) }'
  const html = `<style>${css}</style><p class="c"></p><p class="c"></p><p id="shown"></p>`
  const doc = buildStyledDocument(html, media)
  const find = (e: StyledElement): StyledElement | null => {
    if (e.attrs.id === 'shown') return e
    for (const c of e.children) if (c.kind === 'element') { const f = find(c); if (f) return f }
    return null
  }
  const before = find(doc.root)!.children[0] as StyledElement
  t.equal(before.tag, '::before')
  t.same(before.children.map((c) => (c.kind === 'text' ? c.text : '')), ['0'])
})
