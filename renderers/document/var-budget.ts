// The var() budget of one document. Each custom property may hold the text of others twice over, so a
// 762-byte chain of 25 doubles (`--v1: var(--v0) var(--v0)` …) asks for 369 million characters: the value
// cap makes such a value invalid at computed-value time, as Chromium does (kMaxVariableBytes), and the
// per-document counts stop many capped values from adding up to the same memory.
import { RenderError, type RenderBudgets } from '../contract.js'

export class VarBudget {
  private substitutions = 0
  private chars = 0
  constructor(readonly limits: Pick<RenderBudgets, 'cssVarMaxLength' | 'cssVarMaxSubstitutions' | 'cssVarMaxTotalLength'>) {}

  get maxLength(): number {
    return this.limits.cssVarMaxLength
  }

  /** Counts one var() reference replaced by `length` characters; throws past the document's budget. */
  charge(length: number): void {
    const { cssVarMaxSubstitutions, cssVarMaxTotalLength } = this.limits
    if (++this.substitutions > cssVarMaxSubstitutions) {
      throw new RenderError('QUIRE_ERR_RENDER_CSS_LIMIT', `The document's CSS substitutes more than ${cssVarMaxSubstitutions} var() references (limit CSS_VAR_MAX_SUBSTITUTIONS)`)
    }
    this.chars += length
    if (this.chars > cssVarMaxTotalLength) {
      throw new RenderError('QUIRE_ERR_RENDER_CSS_LIMIT', `The document's var() substitutions produce more than ${cssVarMaxTotalLength} characters (limit CSS_VAR_MAX_TOTAL_LENGTH)`)
    }
  }
}
