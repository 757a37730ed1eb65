// A template's header, footer and Factur-X XML name content blocks by id; saving one that is not a block of the caller's
// account (another account's, or none) is refused at save, naming the field, instead of failing every render
// later (and never reaching across accounts: the lookup is scoped to the caller's account).
import type { TemplateSettings } from '../../renderers/contract.js'
import { Errors } from '../errors.js'
import type { Store } from '../store/index.js'

export async function assertOwnSettingsBlocks(store: Store, accountId: string, settings: TemplateSettings): Promise<void> {
  const refs: [string, string | null | undefined][] = [
    ['header', settings.header.blockId], ['footer', settings.footer.blockId], ['pdf.facturX', settings.pdf?.facturX?.blockId],
  ]
  for (const [which, blockId] of refs) {
    if (!blockId) continue
    if (!(await store.blocks.get(accountId, blockId))) {
      throw new Errors.SETTINGS_INVALID(`settings.${which}.blockId: "${blockId}" is not a content block of this account`)
    }
  }
}
