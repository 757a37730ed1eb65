// One value that changes whenever what the store holds may have changed: bumped by this process's
// repositories on every write that matters to a cache (keys rolled or deleted, documents saved, published,
// deleted), and joined with SQLite's `PRAGMA data_version`, which moves when another connection — another
// process on the same file, such as the CLI — commits. Caches of the request path compare it on every use
// and empty themselves when it moved, so a change is seen by the very next request.
// On PostgreSQL other nodes write too, and nothing as cheap tells of it: there (dataVersion null) the version
// moves on every read, so the request-path caches never answer and every request reads the database.

export class StoreChanges {
  private local = 0
  private reads = 0
  /** dataVersion: SQLite's data_version; null when other writers cannot be observed (never cache). */
  constructor(private readonly dataVersion: (() => number) | null = () => 0) {}

  /** Call after a write that a cache may have copied (before its promise resolves to the caller). */
  bump(): void {
    this.local++
  }

  /** Equal values: nothing a cache holds changed in between. */
  version(): string {
    return this.dataVersion ? `${this.local}.${this.dataVersion()}` : `${this.local}.uncached.${this.reads++}`
  }
}
