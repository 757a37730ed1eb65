// Issue 28 items 1 and 2 against a real server process. `box-shadow: 2000px 2000px 10px red` (about 60 bytes)
// made resvg panic in the render worker, and a Rust panic aborts the whole process; `box-shadow: 0 0 1e8px
// red` exhausted V8's heap; a grid item on line 999,999,999 built a billion-entry track array ("Reached heap
// limit"), also as an async job, which the restarted service ran again. Now each renders, and the process
// answers afterwards.
import t from 'tap'
import { imageInfo, pdfText } from '../../helpers/tools.js'
import { startHostileServer } from './hostile-server.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

t.setTimeout(300_000)

const box = (style: string) => `<div style="width:100px;height:100px;${style}">shadowed</div><p>after</p>`

t.test('shadows far off the image, huge blurs and far grid lines render; the process survives', async (t) => {
  const server = await startHostileServer(t)
  const cases = [
    box('box-shadow: 2000px 2000px 10px red'),
    box('box-shadow: 0 0 1e8px red'),
    box('box-shadow: 1e8px 1e8px 0 1e8px red'),
    box('opacity:.5;position:relative;left:-5000px'),
    box('transform:rotate(45deg) translateX(4000px);opacity:.5;box-shadow:0 0 9px red'),
  ]
  for (const html of cases) {
    const png = await server.html('image', html)
    t.equal(png.status, 200, `PNG: ${html.slice(0, 90)}`)
    t.match(await imageInfo(new Uint8Array(await png.arrayBuffer())), { format: 'png' })
    const pdf = await server.html('pdf', html)
    t.equal(pdf.status, 200, `PDF: ${html.slice(0, 90)}`)
    t.match(pdfText(new Uint8Array(await pdf.arrayBuffer())), /after/)
  }
  const grid = '<div style="display:grid"><div style="grid-row:999999999">far row</div><div>first</div></div>'
  for (const format of ['pdf', 'image'] as const) {
    const res = await server.html(format, grid)
    t.equal(res.status, 200, `${format}: grid line 999,999,999`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    if (format === 'pdf') t.match(pdfText(bytes), /first[\s\S]*far row/, 'the item is placed (on line 1000)')
  }
  const job = await server.asyncHtml('pdf', grid)
  t.equal(job.status, 'Completed', 'the same grid as an async job')
  const shadowJob = await server.asyncHtml('image', box('box-shadow: 2000px 2000px 10px red'))
  t.equal(shadowJob.status, 'Completed', 'the shadow as an async PNG job')
  await server.stillServes(t)
})
