// The native helper process: resvg and librsvg answer from it, a panic there rejects one task with
// QUIRE_ERR_RENDER_NATIVE_CRASHED (this process lives on) and the next task starts a fresh helper.
import t from 'tap'
import { nativeHelperPid, runNative } from '../../../renderers/isolated/native-process.js'

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60" viewBox="0 0 80 60">${body}</svg>`

t.test('resvg and librsvg in the helper; a panic fails one task only', async (t) => {
  const page = await runNative({ op: 'resvg', svg: svg('<path d="M0 0h40v60h-40z" fill="#f00"/>'), scale: 2, background: '#ffffff', defaultFontFamily: 'serif' }, 'resvg (test)')
  t.match(page, { width: 160, height: 120 })
  if ('pixels' in page) t.same([...page.pixels.subarray(0, 4)], [255, 0, 0, 255], 'red at the top left')
  const first = nativeHelperPid()
  t.ok(first, 'a helper process runs')

  // A layer wholly outside four times the canvas: resvg 2.6 panics (paint-bounds.ts).
  await t.rejects(runNative({ op: 'resvg', svg: svg('<g opacity="0.5"><path d="M2000 2000h10v10h-10z"/></g>'), scale: 1, background: '#ffffff', defaultFontFamily: 'serif' }, 'resvg (test)'),
    { code: 'QUIRE_ERR_RENDER_NATIVE_CRASHED', message: /resvg \(test\) crashed on this document \(called `Option::unwrap\(\)` on a `None` value\)/ })

  const png = await runNative({ op: 'svg-png', svg: Buffer.from(svg('<circle cx="40" cy="30" r="20"/>')), density: 72, limitInputPixels: 1e6 }, 'librsvg (test)')
  t.ok('png' in png && Buffer.from(png.png).subarray(1, 4).toString() === 'PNG', 'librsvg made a PNG')
  t.not(nativeHelperPid(), first, 'in a new helper')
  await t.rejects(runNative({ op: 'svg-png', svg: Buffer.from('<svg'), density: 72, limitInputPixels: 1e6 }, 'librsvg (test)'), /.+/, 'a broken SVG is an ordinary error')
})
