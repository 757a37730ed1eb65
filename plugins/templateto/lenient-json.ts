// .NET and older HTTP clients send JSON as `text/json` or a vendor type such as
// `application/vnd.api+json`; TemplateTo accepts them, so Quire parses them as JSON too (shared plugin:
// content-type parsers must sit at the root to reach every route).
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

async function lenientJson(app: FastifyInstance): Promise<void> {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('text/json', { parseAs: 'string' }, parse)
  app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, parse)
}

export default fp(lenientJson, { name: 'quire-lenient-json' })
