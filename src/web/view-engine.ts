// The web interface's eta engine: pages and partials under src/views, HTML-escaped by default
// (`<%= %>`; `<%~ %>` only for already-rendered partials), compiled once and cached unless told not to.
import { Eta } from 'eta'

export function createViewEngine(viewsDir: string, cache = true): Eta {
  return new Eta({ views: viewsDir, cache, autoEscape: true, autoTrim: [false, 'nl'], defaultExtension: '.eta' })
}
