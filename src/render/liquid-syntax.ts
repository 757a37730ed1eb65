// The Liquid syntax check on save needs the template engine: liquidjs with TemplateTo's tags, which bring
// barcodes, QR codes and css-tree (~30 MB of RSS). Render workers hold it anyway; the main thread loads
// it when a template is first saved or imported, not at start (idle RSS, docs/operations.md#start-up-and-memory).
import type { LiquidSyntaxProblem } from '../../renderers/template/check-liquid-syntax.js'

export type LiquidSyntaxCheck = (text: string) => LiquidSyntaxProblem | null

export async function liquidSyntaxCheck(): Promise<LiquidSyntaxCheck> {
  const { checkLiquidSyntax } = await import('../../renderers/template/check-liquid-syntax.js')
  return checkLiquidSyntax
}
