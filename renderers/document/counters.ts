// CSS counters (counter-reset / -set / -increment) for generated content, in document order. Scoping
// is flat: a reset anywhere restarts the counter, which is what simple numbering templates rely on.
import type { Tok } from './css-tokens.js'

export class Counters {
  private readonly values = new Map<string, number>()

  reset(toks: Tok[] | null): void { this.apply(toks, 0, (name, n) => this.values.set(name, n)) }
  set(toks: Tok[] | null): void { this.apply(toks, 0, (name, n) => this.values.set(name, n)) }
  increment(toks: Tok[] | null): void { this.apply(toks, 1, (name, n) => this.values.set(name, (this.values.get(name) ?? 0) + n)) }

  get(name: string): number { return this.values.get(name) ?? 0 }

  private apply(toks: Tok[] | null, implied: number, op: (name: string, n: number) => void): void {
    if (!toks) return
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]
      if (t.t !== 'ident' || t.v === 'none') continue
      const next = toks[i + 1]
      if (next && next.t === 'num' && next.unit === '' && Number.isInteger(next.n)) { op(t.raw ?? t.v, next.n); i++ }
      else op(t.raw ?? t.v, implied)
    }
  }
}
