// Outputs whose variable the data does not have: `{{ customer.nmae }}` renders empty, as Liquid says, and is
// reported as a warning naming where (template or block, line) and what, so a typo does not pass silently.
// A template can make it an error instead (settings.missingVariables: 'error'). Only outputs count: `{% if x %}`
// and `{{ x | default: … }}` ask whether data is there, which is not a mistake. Liquid renders synchronously
// (render-liquid.ts), so the report of the render in progress is simply "current".
import type { Token } from 'liquidjs'

export type MissingVariableMode = 'warn' | 'error'

interface Report {
  mode: MissingVariableMode
  label: string
  warn: (message: string) => void
}

/** Distinct warnings per Liquid run: a loop over 10,000 rows reports its one missing member once. */
const MAX_REPORTED = 50

let current: (Report & { seen: Set<string> }) | undefined

export function withMissingVariableReport<T>(report: Report | undefined, run: () => T): T {
  const outer = current
  current = report && { ...report, seen: new Set() }
  try {
    return run()
  } finally {
    current = outer
  }
}

/** Thrown in 'error' mode; liquidjs wraps it with the output's position (QUIRE_ERR_TEMPLATE_RENDER, 400). */
class MissingVariableError extends Error {
  override name = 'MissingVariableError'
}

/** Called for an output whose variable resolved to undefined. */
export function noteMissingVariable(token: Token, file?: string): void {
  const report = current
  if (!report) return
  const name = token.getText().trim()
  if (report.mode === 'error') throw new MissingVariableError(`${name} is not in the data (settings.missingVariables is "error")`)
  const [line] = token.getPosition()
  const block = file ?? token.file
  const where = block ? `content block '${block}'` : report.label
  const message = `${where} line ${line}: ${name} is not in the data and renders empty`
  if (report.seen.has(message) || report.seen.size >= MAX_REPORTED) return
  report.seen.add(message)
  report.warn(message)
}
