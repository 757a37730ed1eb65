import t from 'tap'
import { collapseWhitespace } from '../../../renderers/document/whitespace.js'

t.test('collapseWhitespace', async (t) => {
  const s = '  a \t b\n\n  c\u00a0\u00a0d  '
  t.equal(collapseWhitespace(s, 'normal'), ' a b c\u00a0\u00a0d ')
  t.equal(collapseWhitespace(s, 'nowrap'), ' a b c\u00a0\u00a0d ')
  t.equal(collapseWhitespace(s, 'pre'), s)
  t.equal(collapseWhitespace('a\r\nb', 'pre-wrap'), 'a\nb')
  t.equal(collapseWhitespace(s, 'pre-line'), ' a b\n\nc\u00a0\u00a0d ')
  t.equal(collapseWhitespace('x  \n  y', 'pre-line'), 'x\ny')
})
