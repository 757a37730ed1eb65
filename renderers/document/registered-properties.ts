// `@property` (CSS Properties and Values API): a registered custom property's initial value and whether it
// inherits. Tailwind v4 relies on both: `translate: var(--tw-translate-x) var(--tw-translate-y)` with only
// one of the two set by a utility works because the other has `initial-value: 0`, and a utility's value
// does not leak into descendants because `inherits: false`. The syntax descriptor is not checked.
import type { Warn } from './parse-declaration.js'

/** `universal`: syntax "*" (an invalid value then stays invalid, as in Chromium, rather than falling back). */
export interface RegisteredProperty { initial: string | null; inherits: boolean; universal: boolean }
export type PropertyRegistry = Map<string, RegisteredProperty>

/** One `@property` rule from its prelude (the name) and descriptors; null (with a warning) when invalid. */
export function parseRegisteredProperty(
  prelude: string,
  decls: Array<{ name: string; value: string }>,
  warn: Warn,
): [string, RegisteredProperty] | null {
  const name = prelude.trim()
  if (!/^--[\w-]+$/.test(name)) { warn(`@property ${name.slice(0, 80)} ignored: the name is not a custom property`); return null }
  let inherits: boolean | null = null
  let initial: string | null = null
  let syntax: string | null = null
  for (const d of decls) {
    const value = d.value.trim()
    if (d.name === 'inherits') inherits = value === 'true' ? true : value === 'false' ? false : null
    else if (d.name === 'initial-value') initial = value
    else if (d.name === 'syntax') syntax = value.replace(/^["']|["']$/g, '').trim()
  }
  if (inherits === null || syntax === null) { warn(`@property ${name} ignored: syntax and inherits are required`); return null }
  if (initial === null && syntax !== '*') { warn(`@property ${name} ignored: initial-value is required unless syntax is "*"`); return null }
  return [name, { initial, inherits, universal: syntax === '*' }]
}

/** Maps that hold a non-inherited registered property's own value: their descendants start from initial values. */
const carriesOwn = new WeakSet<Map<string, string>>()

/** Whether an element must rebuild its custom-property map even when it declares none. */
export function needsOwnMap(registry: PropertyRegistry | undefined, parentMap: Map<string, string>, isRoot: boolean): boolean {
  return registry !== undefined && registry.size > 0 && (isRoot || carriesOwn.has(parentMap))
}

/** Before the element's own declarations: registered initial values where nothing is inherited or inheritance is off. */
export function seedRegistered(map: Map<string, string>, registry: PropertyRegistry | undefined): void {
  if (!registry) return
  for (const [name, reg] of registry) {
    if (reg.inherits && map.has(name)) continue
    if (reg.initial === null) map.delete(name)
    else map.set(name, reg.initial)
  }
}

/** After the element's declarations: remembers a map where a non-inherited registered property differs from its initial value. */
export function markOwnValues(map: Map<string, string>, registry: PropertyRegistry | undefined): void {
  if (!registry) return
  for (const [name, reg] of registry) {
    if (!reg.inherits && map.get(name) !== (reg.initial ?? undefined)) { carriesOwn.add(map); return }
  }
}

/** `initial` on a registered property: its initial value rather than the guaranteed-invalid value. */
export function registeredInitial(registry: PropertyRegistry | undefined, name: string): string | undefined {
  return registry?.get(name)?.initial ?? undefined
}

/**
 * A typed registered property whose value is invalid at computed-value time: the parent's value if it
 * inherits, else its initial value. With syntax "*" it stays invalid (undefined), as in Chromium.
 */
export function registeredUnset(registry: PropertyRegistry | undefined, name: string, parentMap: Map<string, string>): string | undefined {
  const reg = registry?.get(name)
  if (!reg || reg.universal) return undefined
  return (reg.inherits ? parentMap.get(name) : undefined) ?? reg.initial ?? undefined
}
