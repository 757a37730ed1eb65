// CSS counters (counter-reset / -set / -increment) for generated content, in document order. Scoping
// is flat: a reset anywhere restarts the counter, which is what simple numbering templates rely on.
import type { Tok } from './css-tokens.js'

export class Counters {
  private readonly values = new Map<string, number>()

  // Called three times per element, nearly always with null: no closure per call.
  reset(toks: Tok[] | null): void { if (toks) this.apply(toks, 0, false) }
  set(toks: Tok[] | null): void { if (toks) this.apply(toks, 0, false) }
  increment(toks: Tok[] | null): void { if (toks) this.apply(toks, 1, true) }

  get(name: string): number { return this.values.get(name) ?? 0 }

  private apply(toks: Tok[], implied: number, add: boolean): void {
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]
      if (t.t !== 'ident' || t.v === 'none') continue
      const next = toks[i + 1]
      let n = implied
      if (next && next.t === 'num' && next.unit === '' && Number.isInteger(next.n)) { n = next.n; i++ }
      const name = t.raw ?? t.v
      this.values.set(name, add ? this.get(name) + n : n)
    }
  }
}
