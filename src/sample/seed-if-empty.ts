import type { Store } from '../store/index.js'
import { SAMPLE_INVOICE } from './sample-invoice.js'

export const DEFAULT_ACCOUNT_NAME = 'default'

/**
 * First start only (no account yet): the default account and the sample invoice with a published
 * version 1, so a new installation can render something at once. Returns null when anything exists.
 */
export async function seedIfEmpty(store: Store): Promise<{ accountId: string; templateId: string; versionId: string } | null> {
  if (await store.accounts.first()) return null
  const account = await store.accounts.ensure(DEFAULT_ACCOUNT_NAME)
  const template = await store.templates.create(account.id, SAMPLE_INVOICE)
  const version = await store.templates.createVersion(account.id, template.id, { publish: true })
  if (!version) throw new Error('seeding failed: the sample template vanished before its first version')
  return { accountId: account.id, templateId: template.id, versionId: version.id }
}
