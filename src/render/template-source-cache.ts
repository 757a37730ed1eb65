// Resolved templates (the version's text and settings, its header/footer and included blocks) kept between
// requests, so a render of a published template costs no SQLite query and no JSON parsing of its settings.
// Keyed by account, template and version asked for ("published" when none); emptied whenever the store
// changed (store-changes.ts: every save, publish or delete in this process, any commit from another), so a
// newly published version is rendered by the very next request — and a scheduled one from its time on. Bounded in entries and in template text.
import type { Store, StoreChanges } from '../store/index.js'
import { templateSource, type ResolvedTemplate } from './document-source.js'

const MAX_ENTRIES = 500
const MAX_CHARS = 32 * 2 ** 20

class TemplateSourceCache {
  private readonly entries = new Map<string, { resolved: ResolvedTemplate; chars: number }>()
  private chars = 0
  private seen = ''

  constructor(private readonly changes: StoreChanges) {}

  async resolve(store: Store, accountId: string, templateId: string, versionId?: string): Promise<ResolvedTemplate> {
    const version = this.changes.version()
    if (version !== this.seen) this.clear(version)
    const key = `${accountId}\n${templateId}\n${versionId ?? ''}`
    const hit = this.entries.get(key)
    // A template with a publish schedule is cached until its time: then "published" is another version.
    if (hit && !(hit.resolved.validUntil && hit.resolved.validUntil <= new Date().toISOString())) return hit.resolved
    const resolved = await templateSource(store, accountId, templateId, versionId)
    // Only what was read while nothing changed: a publish that ran meanwhile wins.
    if (this.changes.version() === version) this.add(key, resolved)
    return resolved
  }

  private add(key: string, resolved: ResolvedTemplate): void {
    const { main, header, footer, blocks } = resolved.source
    const chars = main.text.length + (header?.text.length ?? 0) + (footer?.text.length ?? 0)
      + Object.values(blocks).reduce((sum, block) => sum + block.text.length, 0)
    if (chars > MAX_CHARS / 8) return
    this.entries.set(key, { resolved, chars })
    this.chars += chars
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.chars <= MAX_CHARS) break
      this.entries.delete(oldKey)
      this.chars -= old.chars
    }
  }

  private clear(version: string): void {
    this.entries.clear()
    this.chars = 0
    this.seen = version
  }
}

const caches = new WeakMap<Store, TemplateSourceCache>()

/** templateSource (document-source.ts), answered from memory while the store has not changed. */
export function cachedTemplateSource(store: Store, accountId: string, templateId: string, versionId?: string): Promise<ResolvedTemplate> {
  let cache = caches.get(store)
  if (!cache) caches.set(store, (cache = new TemplateSourceCache(store.changes)))
  return cache.resolve(store, accountId, templateId, versionId)
}
