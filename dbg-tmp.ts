import { writeFileSync } from 'node:fs'
import { renderPdf } from './renderers/pdf/index.js'
import { pdfTask } from './test/renderers/pdf/fixtures.js'
const html = `<!DOCTYPE html><body style="margin:0"><svg width="100" height="50" viewBox="0 0 10 5"><rect width="5" height="5" fill="red"/>
    <circle cx="7.5" cy="2.5" r="2" fill="#00f"/></svg>`
const out = await renderPdf(pdfTask(html, { kind: 'html' }))
writeFileSync('/tmp/ff-dbg.pdf', out.bytes)
console.log(out.warnings)
