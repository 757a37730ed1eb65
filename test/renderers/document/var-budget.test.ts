// Regression for issue 11 item 1: a 762-byte chain of custom properties, each twice the one before, asked
// for 369 million characters and aborted the whole service. Values past CSS_VAR_MAX_LENGTH are invalid at
// computed-value time (Chromium's rule); the document's substitution count and length are budgeted.
import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'
import { DEFAULT_BUDGETS } from '../../../renderers/default-budgets.js'
import { RenderError } from '../../../renderers/contract.js'

const media = { type: 'print', width: 800, height: 1000 } as const

/** The reproduction of the issue: `--vN: var(--vN-1) var(--vN-1)`, used by `p`. */
export function doublingChain(depth: number, use = 'font-family:var(--v' + depth + ')'): string {
  let css = ':root{--v0:xxxxxxxxxx;'
  for (let i = 1; i <= depth; i++) css += ` --v${i}:var(--v${i - 1}) var(--v${i - 1});`
  return `<style>${css}} p{${use}}</style><p id="t">hello</p>`
}

function find(root: StyledElement, id: string): StyledElement {
  const stack = [root]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs.id === id) return e
    for (const c of e.children) if (c.kind === 'element') stack.push(c)
  }
  throw new Error(`no #${id}`)
}

t.test('the 762-byte chain (depth 25) and depth 40 end in milliseconds with the value invalid', async (t) => {
  for (const depth of [25, 40]) {
    const started = performance.now()
    const doc = buildStyledDocument(doublingChain(depth), media)
    const ms = performance.now() - started
    t.ok(ms < 2000, `depth ${depth}: ${ms.toFixed(0)} ms`)
    // Invalid at computed-value time: font-family is inherited, as if it were not declared.
    t.same(find(doc.root, 't').style.fontFamily, doc.root.style.fontFamily, 'inherited from the root')
    t.notOk(find(doc.root, 't').style.fontFamily.some((f) => f.includes('xxxxxxxxxx')), 'the chain did not reach font-family')
    t.match(doc.warnings.join('\n'), /longer than 2097152 characters after var\(\) substitution \(CSS_VAR_MAX_LENGTH\)/)
    t.ok(doc.warnings.every((w) => w.length < 1000), 'warnings quote the value shortened')
  }
})

t.test('a chain under the cap still substitutes; an invalid variable takes its fallback', async (t) => {
  const css = ':root{--v0:1px; --v1:calc(var(--v0) + var(--v0)); --v2:calc(var(--v1) + var(--v1)); --v3:calc(var(--v2) + var(--v2))}'
  const html = `<style>${css} #a{margin-left:var(--v3)} #b{margin-left:var(--v3, 3px)}</style><p id="a">a</p><p id="b">b</p>`
  const doc = buildStyledDocument(html, media)
  t.same(find(doc.root, 'a').style.marginLeft, { px: 8, pct: 0 })
  const capped = buildStyledDocument(html, media, { ...DEFAULT_BUDGETS, cssVarMaxLength: 20 })
  t.same(find(capped.root, 'a').style.marginLeft, { px: 0, pct: 0 }, 'too long: unset, margin-left is 0')
  t.same(find(capped.root, 'b').style.marginLeft, { px: 3, pct: 0 }, 'too long: the fallback is used')
  t.match(capped.warnings.join('\n'), /--v2 is longer than 20 characters/)
})

t.test('the per-document count and length budgets refuse the render with QUIRE_ERR_RENDER_CSS_LIMIT', async (t) => {
  const many = '<style>:root{--a:1px}' + Array.from({ length: 50 }, (_, i) => `#p${i}{margin-left:var(--a)}`).join('') + '</style>' +
    Array.from({ length: 50 }, (_, i) => `<p id="p${i}">x</p>`).join('')
  t.doesNotThrow(() => buildStyledDocument(many, media))
  const count = (() => { try { buildStyledDocument(many, media, { ...DEFAULT_BUDGETS, cssVarMaxSubstitutions: 20 }) } catch (e) { return e } })()
  t.ok(count instanceof RenderError)
  t.match(count, { code: 'QUIRE_ERR_RENDER_CSS_LIMIT', message: /more than 20 var\(\) references \(limit CSS_VAR_MAX_SUBSTITUTIONS\)/ })
  const length = (() => { try { buildStyledDocument(doublingChain(12, 'content:"x"'), media, { ...DEFAULT_BUDGETS, cssVarMaxTotalLength: 10_000 }) } catch (e) { return e } })()
  t.match(length, { code: 'QUIRE_ERR_RENDER_CSS_LIMIT', message: /more than 10000 characters \(limit CSS_VAR_MAX_TOTAL_LENGTH\)/ })
})

t.test('a chain of 10,000 single references does not overflow the stack', async (t) => {
  // Declared last to first, so resolving --v10000 recurses through the whole chain.
  let css = ':root{'
  for (let i = 10_000; i >= 1; i--) css += `--v${i}:var(--v${i - 1});`
  css += '--v0:2px; --w0:4px; --w1:var(--w0)'
  const doc = buildStyledDocument(`<style>${css}} #t{margin-left:var(--v10000, 5px)} #u{margin-left:var(--w1)}</style><p id="t">x</p><p id="u">y</p>`, media)
  t.same(find(doc.root, 't').style.marginLeft, { px: 5, pct: 0 }, 'past the chain depth: invalid, fallback used')
  t.same(find(doc.root, 'u').style.marginLeft, { px: 4, pct: 0 }, 'other variables are unaffected')
  t.match(doc.warnings.join('\n'), /more than 256 var\(\) references deep/)
})
