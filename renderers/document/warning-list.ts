// Warnings for one render: deduplicated and bounded, so a template repeating one unsupported property
// in every row reports it once.
const LIMIT = 200

export class WarningList {
  readonly list: string[] = []
  private readonly seen = new Set<string>()

  readonly add = (message: string): void => {
    // Once full, nothing more is kept: a hostile document's millions of distinct warnings cost no memory.
    if (this.list.length > LIMIT || this.seen.has(message)) return
    this.seen.add(message)
    if (this.list.length < LIMIT) this.list.push(message)
    else if (this.list.length === LIMIT) this.list.push('further CSS warnings omitted')
  }

  addAll(messages: readonly string[]): void {
    for (const m of messages) this.add(m)
  }
}
