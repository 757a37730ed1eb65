// Parse-only check for the management API: a template that does not parse is refused on save with
// the line and column of the first error.
import { LiquidError } from 'liquidjs'
import { liquidEngine } from './liquid-engine.js'
import { explainSyntaxMessage } from './syntax-message.js'
import { rewriteFunctions } from './templateto/rewrite-functions.js'

export interface LiquidSyntaxProblem { line: number; column: number; message: string }

export function checkLiquidSyntax(text: string): LiquidSyntaxProblem | null {
  try {
    liquidEngine('html').parse(rewriteFunctions(text))
    return null
  } catch (err) {
    const message = explainSyntaxMessage((err instanceof Error ? err.message : String(err)).replace(/(, file:.*?)?, line:\d+, col:\d+$/s, ''))
    if (LiquidError.is(err) && (err as LiquidError).token) {
      const [line, column] = (err as LiquidError).token.getPosition()
      return { line, column, message }
    }
    return { line: 1, column: 1, message }
  }
}
