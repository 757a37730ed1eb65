// Writes every template and content block of an account, with its versions, in the import format.
import type { Store } from '../store/index.js'
import type { DocumentRepository } from '../store/document-repository.js'
import { BUNDLE_FORMAT, BUNDLE_VERSION, type Bundle, type BundleItem } from './bundle-format.js'

async function items(repo: DocumentRepository, accountId: string): Promise<BundleItem[]> {
  const out: BundleItem[] = []
  for (const summary of await repo.list(accountId)) {
    const doc = await repo.get(accountId, summary.id)
    if (!doc) continue
    const versions = await repo.listVersions(accountId, doc.id)
    out.push({
      id: doc.id, name: doc.name, html: doc.draft.html, settings: doc.draft.settings, sampleData: doc.draft.sampleData,
      createdAt: doc.createdAt, updatedAt: doc.updatedAt,
      versions: versions.sort((a, b) => a.number - b.number).map((v) => ({
        id: v.id, number: v.number, html: v.html, settings: v.settings, sampleData: v.sampleData, published: v.published, createdAt: v.createdAt,
        ...(v.scheduledPublishDate ? { publishDate: v.scheduledPublishDate } : {}),
      })),
    })
  }
  return out
}

export async function exportBundle(store: Store, accountId: string): Promise<Bundle> {
  return {
    format: BUNDLE_FORMAT, version: BUNDLE_VERSION, exportedAt: new Date().toISOString(),
    blocks: await items(store.blocks, accountId),
    templates: await items(store.templates, accountId),
  }
}
