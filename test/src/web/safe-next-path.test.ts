import t from 'tap'
import { safeNextPath } from '../../../src/web/safe-next-path.js'

t.test('only paths on this site', async (t) => {
  t.equal(safeNextPath('/keys?x=1'), '/keys?x=1')
  for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/sign-in?next=/x', '/a\nb', undefined, 42]) {
    t.equal(safeNextPath(bad), '/templates', `refuses ${JSON.stringify(bad)}`)
  }
})
