// Route schemas are compiled on first use (src/api/lazy-schema-compilers.ts): a broken schema must still be
// found by a test, validation must still answer its codes, and responses must still be serialised by schema.
import t from 'tap'
import Fastify from 'fastify'
import { lazySchemaCompilers } from '../../../src/api/lazy-schema-compilers.js'
import { build } from '../../helpers/build.js'

t.test('every route schema of the service compiles', async (t) => {
  const { app } = await build(t)
  await t.resolves(app.compileSchemas())
})

t.test('a broken schema fails compileAll, not the start', async (t) => {
  const compilers = lazySchemaCompilers()
  const app = Fastify({ schemaController: { compilersFactory: compilers.compilersFactory } })
  t.teardown(() => app.close())
  app.post('/x', { schema: { body: { $ref: 'Missing#' } } }, async () => 'ok')
  await app.ready()
  await t.rejects(compilers.compileAll(), /Missing/)
})

t.test('lazy validators still answer with their errors, and serializers still drop undeclared members', async (t) => {
  const compilers = lazySchemaCompilers()
  const app = Fastify({ schemaController: { compilersFactory: compilers.compilersFactory } })
  t.teardown(() => app.close())
  app.post('/x', {
    schema: {
      body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
      response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
    },
  }, async (request) => ({ n: (request.body as { n: number }).n, secret: 'not declared' }))
  const bad = await app.inject({ method: 'POST', url: '/x', payload: { m: 1 } })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().message, /must have required property 'n'/)
  const good = await app.inject({ method: 'POST', url: '/x', payload: { n: 3 } })
  t.same(good.json(), { n: 3 })
})
