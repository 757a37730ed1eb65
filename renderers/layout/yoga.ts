// yoga-layout, instantiated on the first document that has a flex container. Its WebAssembly instance holds
// about 14 MB per worker (measured: RSS 43 → 57 MB on instantiation), which a service whose templates use
// no flexbox never needs. Layout is synchronous, so a render that meets a flex container before yoga is
// there stops, yoga is loaded, and the render runs again from the start (once per worker).
import { loadYoga, type Config, type Yoga } from 'yoga-layout/load'

class YogaNotLoaded extends Error {
  constructor() {
    super('yoga-layout is needed before it was loaded')
    this.name = 'YogaNotLoaded'
  }
}

let loaded: { yoga: Yoga; config: Config } | null = null

/** The yoga instance and Quire's configuration of it (web defaults, no pixel rounding). */
export function yoga(): { yoga: Yoga; config: Config } {
  if (!loaded) throw new YogaNotLoaded()
  return loaded
}

/**
 * Drops the instance after anything was thrown through it: a WebAssembly trap leaves its memory corrupt, and
 * even an ordinary exception from a measure callback unwinds past yoga's C++ frames without restoring its
 * stack pointer, so each one leaks stack until a later document fails ("memory access out of bounds" on every
 * flex document for the life of the worker). The next render loads a fresh instance (withYoga).
 */
export function discardYoga(): void {
  loaded = null
}

async function load(): Promise<void> {
  const instance = await loadYoga()
  const config = instance.Config.create()
  config.setUseWebDefaults(true)
  config.setPointScaleFactor(0)
  loaded ??= { yoga: instance, config }
}

/** Runs a render; if it met a flex container before yoga was loaded, loads yoga and runs it once more. */
export async function withYoga<T>(render: () => Promise<T>): Promise<T> {
  try {
    return await render()
  } catch (error) {
    if (!(error instanceof YogaNotLoaded)) throw error
    await load()
    return render()
  }
}
