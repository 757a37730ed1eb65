// CPU of the document stage alone per corpus entry: parse (HTML → DOM, parseDocument) and styling (pageRuleOf and
// buildStyledDocument at an A4 page), without layout and painting, whose noise would hide a change of a
// millisecond. Warm: each entry is styled 3 times unmeasured, then `renders` times. Compare two trees by running
// this in each, alternated:
//   node --max-semi-space-size=32 --no-allocation-site-pretenuring --import tsx bench/document-stage.ts [renders] [entry,entry]
import { buildStyledDocument, pageRuleOf, parseDocument } from '../renderers/document/index.js'
import { corpusEntries } from './corpus-entries.js'

const media = { type: 'print' as const, width: 794, height: 1123 }
const renders = Number(process.argv[2] ?? 10)
const cpuMs = (since: NodeJS.CpuUsage) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1000 }

let parseTotal = 0
let styleTotal = 0
for (const e of corpusEntries(process.argv[3]?.split(','))) {
  for (let i = 0; i < 3; i++) { const d = parseDocument(e.html); pageRuleOf(d, media); buildStyledDocument(d, media) }
  let parse = 0
  let style = 0
  for (let i = 0; i < renders; i++) {
    const t0 = process.cpuUsage()
    const d = parseDocument(e.html)
    parse += cpuMs(t0)
    const t1 = process.cpuUsage()
    pageRuleOf(d, media)
    buildStyledDocument(d, media)
    style += cpuMs(t1)
  }
  parseTotal += parse / renders
  styleTotal += style / renders
  console.log(`${e.name.padEnd(26)} parse ${(parse / renders).toFixed(2).padStart(6)} ms, style ${(style / renders).toFixed(2).padStart(6)} ms CPU`)
}
console.log(`${'corpus'.padEnd(26)} parse ${parseTotal.toFixed(1).padStart(6)} ms, style ${styleTotal.toFixed(1).padStart(6)} ms CPU`)
