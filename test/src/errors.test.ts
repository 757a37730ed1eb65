import t from 'tap'
import { readFileSync } from 'node:fs'
import { allErrorCodes } from '../../src/errors.js'
import { RENDER_ERROR_CODES } from '../../renderers/contract.js'

t.test('error codes are unique, well named and each documented', async (t) => {
  const codes = allErrorCodes()
  t.equal(new Set(codes).size, codes.length, 'unique')
  for (const code of codes) t.match(code, /^QUIRE_ERR_[A-Z]+(_[A-Z]+)*$/)
  for (const code of RENDER_ERROR_CODES) t.ok(codes.includes(code), `${code} has a status`)
  const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')
  for (const code of [...codes, 'QUIRE_ERR_RENDER_TIMEOUT', 'QUIRE_ERR_RENDER_WORKER_CRASHED', 'QUIRE_ERR_RENDER_BUSY']) {
    t.match(doc, `\`${code}\``, `${code} documented`)
  }
})
