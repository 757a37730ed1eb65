// Font stacks from real templates resolve as Chromium 156 on Debian resolves them (probed with the corpus
// fonts.conf: Liberation + DejaVu only). Families Chromium does not have are skipped, not mapped.
import t from 'tap'
import { resolveFamily } from '../../../renderers/fonts/index.js'

const stack = (css: string) => css.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, ''))

t.test('stacks from GitHub, Bootstrap, MJML and Tailwind', async (t) => {
  // GitHub's Primer system stack: no installed family before Helvetica → Liberation Sans (Arimo).
  t.equal(resolveFamily(stack(`-apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`)), 'sans')
  // Bootstrap 5: system-ui comes first and fontconfig gives it DejaVu Sans.
  t.equal(resolveFamily(stack(`system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif`)), 'dejavu')
  // Bootstrap 4 / MJML: -apple-system first, then Roboto/Helvetica → Liberation Sans, not DejaVu.
  t.equal(resolveFamily(stack(`-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`)), 'sans')
  t.equal(resolveFamily(stack(`Ubuntu, Helvetica, Arial, sans-serif`)), 'sans')
  // Tailwind v3 default sans: ui-sans-serif is macOS-only in Chromium, system-ui follows.
  t.equal(resolveFamily(stack(`ui-sans-serif, system-ui, sans-serif, "Apple Color Emoji"`)), 'dejavu')
  // Tailwind mono: ui-monospace skipped, Menlo/Consolas missing, then monospace.
  t.equal(resolveFamily(stack(`ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace`)), 'courier')
  t.equal(resolveFamily(stack(`ui-monospace, SFMono-Regular, Menlo, monospace`)), 'mono')
})

t.test('a family Chromium lacks on its own falls back to its default serif face', async (t) => {
  for (const name of ['-apple-system', 'BlinkMacSystemFont', 'ui-sans-serif', 'ui-serif', 'ui-monospace', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Verdana']) {
    t.equal(resolveFamily([name]), 'serif', name)
  }
  t.equal(resolveFamily(['-apple-system', 'sans-serif']), 'sans')
})

t.test('generic families and metric aliases as fontconfig gives them', async (t) => {
  t.equal(resolveFamily(['sans-serif']), 'sans')
  t.equal(resolveFamily(['Helvetica']), 'sans')
  t.equal(resolveFamily(['serif']), 'serif')
  t.equal(resolveFamily(['cursive']), 'serif')
  t.equal(resolveFamily(['monospace']), 'mono')
  t.equal(resolveFamily(['Courier New']), 'courier')
  t.equal(resolveFamily(['system-ui']), 'dejavu')
  t.equal(resolveFamily(['Times New Roman']), 'serif')
})
