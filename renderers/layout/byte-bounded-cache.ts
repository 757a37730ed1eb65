// A per-worker cache bounded by the bytes it holds (the PDF painter's PNG caches, the image painter's shadow
// pieces, rule indexes, parsed stylesheets, compiled templates): the least recently used entries leave first,
// and an entry larger than `maxEntryBytes` (a quarter of the bound unless said) is not kept.

export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>()
  private total = 0

  constructor(private readonly maxBytes: number, private readonly maxEntryBytes = maxBytes / 4) {}

  /** The value, marked as the most recently used. */
  get(key: string): V | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key)
    this.entries.set(key, hit)
    return hit.value
  }

  /** Keeps a value of `bytes` unless the key is there already or the value is too large. */
  remember(key: string, value: V, bytes: number): void {
    if (this.entries.has(key) || bytes > this.maxEntryBytes) return
    this.entries.set(key, { value, bytes })
    this.total += bytes
    for (const [oldKey, old] of this.entries) {
      if (this.total <= this.maxBytes) break
      this.entries.delete(oldKey)
      this.total -= old.bytes
    }
  }

  delete(key: string): void {
    const hit = this.entries.get(key)
    if (!hit) return
    this.entries.delete(key)
    this.total -= hit.bytes
  }

  get size(): number {
    return this.entries.size
  }

  get bytes(): number {
    return this.total
  }

  clear(): void {
    this.entries.clear()
    this.total = 0
  }
}
