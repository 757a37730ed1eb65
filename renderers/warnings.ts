// The one collector of a render's warnings (what a template used that Quire ignored or approximated). Each
// renderer makes one per render; the document stage, image loading, layout and the painters all append to
// it, and its list becomes the result's `warnings`: what the Quire-Warnings headers, the editor preview and
// the CLI report. Deduplicated, so a template repeating one unsupported property in every row reports it
// once, and bounded, so a hostile document's millions of distinct warnings cost no memory.
const LIMIT = 200

export class Warnings {
  readonly list: string[] = []
  private readonly seen = new Set<string>()

  /** Bound to the instance, so it can be handed on as a plain `(message) => void`. */
  readonly add = (message: string): void => {
    // Once full, nothing more is kept.
    if (this.list.length > LIMIT || this.seen.has(message)) return
    this.seen.add(message)
    if (this.list.length < LIMIT) this.list.push(message)
    else if (this.list.length === LIMIT) this.list.push('further warnings omitted')
  }

  addAll(messages: readonly string[]): void {
    for (const m of messages) this.add(m)
  }
}
