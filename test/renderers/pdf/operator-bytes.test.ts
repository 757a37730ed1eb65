// Content stream numbers written as bytes (renderers/pdf/operator-bytes.ts) must be the strings they replace:
// num() pdfkit's String(Math.round(n * 1e6) / 1e6), decimal2() the text-shadow outline's
// String(Number(n.toFixed(2))), halves and values next to them included, where n * 100 is itself rounded.
import t from 'tap'
import { OperatorBytes } from '../../../renderers/pdf/operator-bytes.js'

const written = (write: (out: OperatorBytes) => void): string => {
  const out = new OperatorBytes()
  write(out)
  return out.copy().toString('latin1')
}

/** Halves and their neighbours, tiny and large values, both signs, and a spread of random ones. */
function samples(): number[] {
  const values = [0, -0, 1, -1, 0.5, -0.5, 1.005, 2.675, 0.125, 0.145, -0.001, -0.004, -0.005, 1e-7, 123456.785, 9999999.995, 1e9, 1.5e12, -3e15, 7.07]
  for (let i = 0; i < 2000; i++) {
    const half = (Math.floor(Math.random() * 2e6) - 1e6 + 0.5) / 100
    values.push(half, nextUp(half), nextDown(half))
    values.push((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 9))
  }
  return values
}

function nextUp(n: number): number {
  const f = new Float64Array([n])
  const u = new BigInt64Array(f.buffer)
  u[0] += n >= 0 ? 1n : -1n
  return f[0]
}

function nextDown(n: number): number {
  const f = new Float64Array([n])
  const u = new BigInt64Array(f.buffer)
  u[0] += n > 0 ? -1n : 1n
  return f[0]
}

t.test('decimal2 writes String(Number(n.toFixed(2))) and returns that number', async (t) => {
  let wrong = 0
  for (const n of samples()) {
    const expected = Number(n.toFixed(2))
    let value = NaN
    const text = written((out) => { value = out.decimal2(n) })
    if (text !== String(expected) || !Object.is(value + 0, expected + 0)) {
      wrong++
      t.fail(`${n}: wrote ${text} (${value}), expected ${expected}`)
    }
  }
  t.equal(wrong, 0, 'every sample as toFixed(2) writes it')
})

t.test('num writes String(Math.round(n * 1e6) / 1e6)', async (t) => {
  let wrong = 0
  for (const n of samples()) {
    const expected = String(Math.round(n * 1e6) / 1e6)
    const text = written((out) => out.num(n))
    if (text !== expected) {
      wrong++
      t.fail(`${n}: wrote ${text}, expected ${expected}`)
    }
  }
  t.equal(wrong, 0, 'every sample as pdfkit writes it')
})

t.test('the buffer grows past its first size and view() is what copy() copies', async (t) => {
  const out = new OperatorBytes()
  for (let i = 0; i < 3000; i++) { out.decimal2(i + 0.25); out.ascii(' l\n') }
  t.ok(out.length > 4096, `${out.length} bytes`)
  t.ok(out.view().equals(out.copy()), 'the same bytes')
  t.match(out.view().toString('latin1'), /^0\.25 l\n1\.25 l\n/)
  out.reset()
  t.equal(out.length, 0, 'reset empties it')
})
