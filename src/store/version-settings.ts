// Saved settings, parsed once: a version never changes after it is made, so its parsed settings are kept by
// version id and every later read (each render of a published template that the render cache does not hold,
// each editor load) shares them; a draft's are parsed again only when its stored text changed. Frozen, since
// they are shared; a caller that adjusts settings for one render copies them (render/request-options.ts).
// Bounded: the least recently used go first.
import type { TemplateSettings } from '../../renderers/contract.js'
import { parseSettings } from '../settings.js'

const MAX_ENTRIES = 2000

const parsed = new Map<string, { raw: string; settings: TemplateSettings }>()

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const member of Object.values(value)) deepFreeze(member)
  }
  return value
}

/** The settings of version `id` stored as `raw` (JSON), parsed on its first read only; a draft (`draft:` and its document id) again when its text changed. */
export function versionSettings(id: string, raw: string): TemplateSettings {
  const hit = parsed.get(id)
  if (hit && hit.raw === raw) {
    parsed.delete(id)
    parsed.set(id, hit)
    return hit.settings
  }
  const settings = deepFreeze(parseSettings(JSON.parse(raw)))
  parsed.set(id, { raw, settings })
  if (parsed.size > MAX_ENTRIES) parsed.delete(parsed.keys().next().value!)
  return settings
}
