// CSS counters (counter-reset / -set / -increment) for generated content, in document order, scoped as
// CSS Lists 3 and Chromium scope them: a counter-reset makes a new counter that lives for the element, its
// descendants and its following siblings, unless its parent already has one of that name: then the new one
// is nested inside it for the element and its descendants alone. A reset on a following sibling replaces a
// sibling's counter rather than nesting — so counters() prints 1, 1.1, 1.2, 2 for nested lists.
import type { Tok } from './css-tokens.js'

interface Instance { value: number; /** Depth of the parent of the element that made it: gone when that parent ends. */ scope: number }

export class Counters {
  private readonly stacks = new Map<string, Instance[]>()
  /** Depth of the element whose counter properties are applied next. */
  private depth = 0

  // Called three times per element, nearly always with null: no closure per call.
  reset(toks: Tok[] | null): void { if (toks) this.apply(toks, 0, 'reset') }
  set(toks: Tok[] | null): void { if (toks) this.apply(toks, 0, 'set') }
  increment(toks: Tok[] | null): void { if (toks) this.apply(toks, 1, 'add') }

  /** Around an element's children (and its ::before/::after): they are one level deeper. */
  descend(): void { this.depth++ }
  ascend(): void {
    this.depth--
    if (this.stacks.size === 0) return
    // Counters its children made end with the element.
    for (const stack of this.stacks.values()) {
      while (stack.length > 0 && stack[stack.length - 1].scope >= this.depth) stack.pop()
    }
  }

  /** The innermost counter's value (counter()). */
  get(name: string): number {
    const stack = this.stacks.get(name)
    return stack && stack.length > 0 ? stack[stack.length - 1].value : 0
  }

  /** Every counter of that name in scope, outermost first (counters()). */
  all(name: string): number[] {
    const stack = this.stacks.get(name)
    return stack && stack.length > 0 ? stack.map((i) => i.value) : [0]
  }

  private apply(toks: Tok[], implied: number, op: 'reset' | 'set' | 'add'): void {
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]
      if (t.t !== 'ident' || t.v === 'none') continue
      const next = toks[i + 1]
      let n = implied
      if (next && next.t === 'num' && next.unit === '' && Number.isInteger(next.n)) { n = next.n; i++ }
      const name = t.raw ?? t.v
      let stack = this.stacks.get(name)
      if (!stack) this.stacks.set(name, stack = [])
      const top = stack.length > 0 ? stack[stack.length - 1] : null
      const scope = this.depth - 1
      if (op === 'reset') {
        // A counter the parent has (an ancestor's, or one it inherited from a preceding sibling) is nested into,
        // for the element and its descendants only: its following siblings go on with the parent's. Otherwise
        // the new counter lives on for them too, and one a preceding sibling made is replaced (CSS Lists 3
        // §4.5 counter inheritance, as Chromium: `counter-reset: c 98` on one of ten spans counting c numbers
        // that span 99 and the next 11).
        if (top && top.scope < scope) stack.push({ value: n, scope: this.depth })
        else if (top && top.scope === scope) top.value = n
        else stack.push({ value: n, scope })
      } else if (!top) {
        stack.push({ value: n, scope }) // no counter in scope: one is made here
      } else {
        top.value = op === 'add' ? added(top.value, n) : n
      }
    }
  }
}

const INT_MAX = 2 ** 31 - 1
const INT_MIN = -(2 ** 31)

/** A counter is a 32-bit integer in Chromium: an increment that would overflow it is not applied. */
function added(value: number, n: number): number {
  const sum = value + n
  return sum > INT_MAX || sum < INT_MIN ? value : sum
}
