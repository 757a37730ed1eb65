// Per-request options that TemplateTo's clients send with a template render: `cultureName` (localization
// docs: "include cultureName in your render request"), `headerid` / `footerid` (a content block as the PDF
// header or footer for this render only). Names are matched without regard to case, as ASP.NET model
// binding does. `cultureName` may be a query parameter or a member of the JSON body (the template data,
// or the clips body): like the image options of an async body it is read and also stays in the data.
// The query parameter wins when both are given.
import type { DocumentSource } from '../../renderers/contract.js'
import { resolveCulture } from '../../renderers/template/templateto/culture.js'
import { Errors } from '../errors.js'
import type { Store } from '../store/index.js'
import { headerFooterBlock, includedBlocks } from './document-source.js'

type Bag = Record<string, unknown>

const BLOCK_ID = /^cb_[A-Za-z0-9]{1,64}$/

function param(query: Bag | undefined, name: string): string | undefined {
  if (!query) return undefined
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase())
  const value = key === undefined ? undefined : query[key]
  const first = Array.isArray(value) ? value[0] : value
  return first === undefined || first === null || first === '' ? undefined : String(first)
}

function bodyCulture(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const key = Object.keys(body).find((k) => k.toLowerCase() === 'culturename')
  const value = key === undefined ? undefined : (body as Bag)[key]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw new Errors.REQUEST_INVALID(`cultureName in the body must be a string such as "de-DE", got ${JSON.stringify(value).slice(0, 40)}`)
  return value
}

/** The source with the request's culture and header/footer blocks applied (settings copied, never mutated). */
export async function applyRequestOptions(store: Store, accountId: string, source: DocumentSource, query: Bag | undefined, body?: unknown): Promise<DocumentSource> {
  const culture = param(query, 'cultureName') ?? bodyCulture(body)
  const headerId = param(query, 'headerid')
  const footerId = param(query, 'footerid')
  if (culture === undefined && headerId === undefined && footerId === undefined) return source
  const settings = { ...source.settings }
  const out: DocumentSource = { ...source, settings }
  if (culture !== undefined) {
    try {
      settings.cultureName = resolveCulture(culture)
    } catch (err) {
      throw new Errors.REQUEST_INVALID(`cultureName: ${(err as Error).message}`)
    }
  }
  for (const [which, id] of [['header', headerId], ['footer', footerId]] as const) {
    if (id === undefined) continue
    if (!BLOCK_ID.test(id)) throw new Errors.REQUEST_INVALID(`${which}id "${id.slice(0, 80)}" is not a content block id (cb_…)`)
    const ref = { enabled: true, blockId: id }
    settings[which] = ref
    out[which] = await headerFooterBlock(store, accountId, which, ref)
    const more = await includedBlocks(store, accountId, out[which]!.text)
    out.blocks = { ...more, ...out.blocks }
  }
  return out
}
