// `npm run bench:fidelity`: every corpus entry through the real renderers, compared with Chromium's
// references; prints the figures per entry and their means — the original 16 (../shared/corpus), the grown
// corpus (../shared/corpus-grown) and both together — and writes bench/fidelity-<format>.json and
// bench/fidelity-grown-<format>.json. The png
// format also measures PNG/PDF agreement on the single-page entries (bench/png-pdf-agreement.json).
//   node --import tsx bench/fidelity.ts [--format pdf|png] [--only name,name]
import { parseArgs } from 'node:util'
import { existsSync, writeFileSync } from 'node:fs'
import { combineSummaries, corpusEntries, formatMeans, formatTable, GROWN_DIR, measureFidelity, writeSummary, type FidelityFormat } from './fidelity-run.js'
import { formatAgreement, measureAgreement } from './png-pdf-agreement.js'

const { values } = parseArgs({ options: { format: { type: 'string', default: 'pdf' }, only: { type: 'string' } } })
const format = values.format as FidelityFormat
if (format !== 'pdf' && format !== 'png') {
  console.error(`--format must be pdf or png, not "${values.format}"`)
  process.exit(2)
}
const only = values.only ? new Set(values.only.split(',')) : null
const original = corpusEntries().filter((n) => !only || only.has(n))
const grown = existsSync(GROWN_DIR) ? corpusEntries(GROWN_DIR).filter((n) => !only || only.has(n)) : []
const summary = await measureFidelity(format, original)
if (original.length) console.log(`original corpus (../shared/corpus)\n${formatTable(summary)}`)
const grownSummary = grown.length ? await measureFidelity(format, grown, GROWN_DIR) : null
if (grownSummary) console.log(`\ngrown corpus (../shared/corpus-grown)\n${formatTable(grownSummary)}`)
const all = combineSummaries([...(original.length ? [summary] : []), ...(grownSummary ? [grownSummary] : [])])
console.log('')
if (original.length) console.log(formatMeans('original', summary))
if (grownSummary) console.log(formatMeans('grown', grownSummary))
console.log(formatMeans('together', all))
if (!values.only) {
  writeSummary(summary, `bench/fidelity-${format}.json`)
  if (grownSummary) writeSummary(grownSummary, `bench/fidelity-grown-${format}.json`)
}
if (format === 'png' && !values.only) {
  // The PNG of each single-page entry against the first page of its PDF (see png-pdf-agreement.ts).
  const agreement = await measureAgreement()
  console.log(`\n${formatAgreement(agreement)}`)
  writeFileSync('bench/png-pdf-agreement.json', `${JSON.stringify(agreement, null, 2)}\n`)
}
