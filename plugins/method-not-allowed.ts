// A wrong method on a known path is 405 with `Allow`, not 404 (docs/errors.md): Fastify's router only says
// "no route for this method and path", so a second router holds every route's path and answers which methods
// the path does have. Built from the onRoute hook, so it knows exactly the routes Fastify does.
import Router from 'find-my-way'
import type { FastifyInstance } from 'fastify'

const noop = () => undefined

export interface AllowedMethods { (url: string): string[] }

/** Registers the hook on `app` (before any route) and returns the lookup. */
export function trackAllowedMethods(app: FastifyInstance): AllowedMethods {
  const router = Router({ ignoreTrailingSlash: app.initialConfig.ignoreTrailingSlash, maxParamLength: app.initialConfig.maxParamLength })
  const methods = new Set<string>()
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      methods.add(method)
      try {
        router.on(method as Router.HTTPMethod, route.url, noop)
      } catch {
        // A route Fastify accepted that this router cannot hold (a constraint variant): it is never a 405.
      }
    }
  })
  return (url) => {
    const path = url.split('?')[0]
    return [...methods].filter((method) => router.find(method as Router.HTTPMethod, path) !== null).sort()
  }
}
