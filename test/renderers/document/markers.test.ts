import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function markers(html: string): Array<string | null> {
  const doc = buildStyledDocument(html, media)
  const out: Array<string | null> = []
  const walk = (e: StyledElement): void => {
    if (e.tag === 'li') out.push(e.marker)
    for (const c of e.children) if (c.kind === 'element') walk(c)
  }
  walk(doc.root)
  return out
}

t.test('ordered lists', async (t) => {
  t.same(markers('<ol><li>a<li>b<li>c</ol>'), ['1.', '2.', '3.'])
  t.same(markers('<ol start="5"><li>a</li><li>b</li></ol>'), ['5.', '6.'])
  t.same(markers('<ol reversed><li>a</li><li>b</li><li>c</li></ol>'), ['3.', '2.', '1.'])
  t.same(markers('<ol reversed start="10"><li>a</li><li>b</li></ol>'), ['10.', '9.'])
  t.same(markers('<ol><li>a</li><li value="7">b</li><li>c</li></ol>'), ['1.', '7.', '8.'])
  t.same(markers('<ol type="a"><li>a</li><li>b</li></ol>'), ['a.', 'b.'])
  t.same(markers('<ol type="I"><li></li><li></li><li></li><li></li></ol>'), ['I.', 'II.', 'III.', 'IV.'])
  t.same(markers('<style>ol { list-style-type: lower-roman }</style><ol start="9"><li></li><li></li></ol>'), ['ix.', 'x.'])
  t.same(markers('<style>ol { list-style-type: upper-alpha }</style><ol start="26"><li></li><li></li></ol>'), ['Z.', 'AA.'])
  t.same(markers('<style>ol { list-style: decimal-leading-zero }</style><ol><li></li></ol>'), ['01.'])
})

t.test('unordered lists and nesting', async (t) => {
  t.same(markers('<ul><li>a</li><li>b<ul><li>c<ul><li>d</li></ul></li></ul></li></ul>'), ['•', '•', '◦', '▪'])
  t.same(markers('<style>ul { list-style: square }</style><ul><li></li></ul>'), ['▪'])
  t.same(markers('<style>ul { list-style: none }</style><ul><li></li></ul>'), [null])
  t.same(markers('<style>ul { list-style-type: "– " }</style><ul><li></li></ul>'), ['– '])
  t.same(markers('<style>li { display: block }</style><ul><li></li></ul>'), [null], 'only list items get a marker')
  t.same(markers('<ol><li>a</li><li style="display:none">b</li><li>c</li></ol>'), ['1.', null, '2.'])
})
