/** Non-fatal notes of one render, each said once however many elements hit it. */
export class Warnings {
  readonly list: string[] = []
  private readonly seen = new Set<string>()

  add(message: string): void {
    if (this.seen.has(message)) return
    this.seen.add(message)
    this.list.push(message)
  }
}
