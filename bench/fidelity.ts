// `npm run bench:fidelity`: every corpus entry through the real renderers, compared with Chromium's
// references; prints the figures per entry and their means and writes bench/fidelity-<format>.json. The png
// format also measures PNG/PDF agreement on the single-page entries (bench/png-pdf-agreement.json).
//   node --import tsx bench/fidelity.ts [--format pdf|png] [--only name,name]
import { parseArgs } from 'node:util'
import { writeFileSync } from 'node:fs'
import { corpusEntries, formatTable, measureFidelity, writeSummary, type FidelityFormat } from './fidelity-run.js'
import { formatAgreement, measureAgreement } from './png-pdf-agreement.js'

const { values } = parseArgs({ options: { format: { type: 'string', default: 'pdf' }, only: { type: 'string' } } })
const format = values.format as FidelityFormat
if (format !== 'pdf' && format !== 'png') {
  console.error(`--format must be pdf or png, not "${values.format}"`)
  process.exit(2)
}
const names = values.only ? values.only.split(',') : corpusEntries()
const summary = await measureFidelity(format, names)
console.log(formatTable(summary))
if (!values.only) writeSummary(summary, `bench/fidelity-${format}.json`)
if (format === 'png' && !values.only) {
  // The PNG of each single-page entry against the first page of its PDF (see png-pdf-agreement.ts).
  const agreement = await measureAgreement()
  console.log(`\n${formatAgreement(agreement)}`)
  writeFileSync('bench/png-pdf-agreement.json', `${JSON.stringify(agreement, null, 2)}\n`)
}
