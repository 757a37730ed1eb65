// API keys (/keys): everyone signed in sees the list with usage; only admins create, roll and delete —
// checked here on the server, so a forged request from an editor is a 403 whatever the page showed.
// A new or rolled key is shown once, in the answer to the request that made it, and never stored.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Errors } from '../../src/errors.js'
import { requireAdmin } from './require-session.js'

type IdParams = { id: string }

interface ShownKey { key: string; name: string; rolled: boolean }

export default async function keyRoutes(app: FastifyInstance): Promise<void> {
  const account = (request: FastifyRequest) => request.webSession!.user.accountId

  /** What the curl example renders: a published template of the account when there is one. */
  async function exampleTemplateId(accountId: string): Promise<string> {
    const templates = await app.store.templates.list(accountId)
    return templates.find((t) => t.publishedVersionId)?.id ?? templates[0]?.id ?? 'tpl_…'
  }

  async function keysPage(request: FastifyRequest, reply: FastifyReply, extra: { shown?: ShownKey; notice?: string; createError?: string; createName?: string } = {}) {
    const accountId = account(request)
    const keys = await app.store.apiKeys.list(accountId)
    const origin = `${request.protocol}://${request.host}`
    return reply.view('keys', {
      title: 'API keys', keys, origin, exampleTemplateId: await exampleTemplateId(accountId), shown: null, notice: null,
      createError: null, createName: '', ...extra,
    }, { fragment: 'partials/keys-section' })
  }

  app.get('/', async (request, reply) => keysPage(request, reply))

  app.post<{ Body: { name?: string } }>('/', async (request, reply) => {
    requireAdmin(request, 'create API keys')
    const name = typeof request.body?.name === 'string' ? request.body.name.trim() : ''
    if (name === '') return keysPage(request, reply.code(422), { createError: 'Give the key a name that says where it is used', createName: name })
    if (name.length > 200) return keysPage(request, reply.code(422), { createError: 'The name must be at most 200 characters long', createName: name })
    const { key, record } = await app.store.apiKeys.create(account(request), name)
    request.log.info({ keyId: record.id, by: request.webSession!.user.id }, 'API key created in the web interface')
    return keysPage(request, reply.code(201), { shown: { key, name: record.name, rolled: false } })
  })

  app.post<{ Params: IdParams }>('/:id/roll', async (request, reply) => {
    requireAdmin(request, 'roll API keys')
    const rolled = await app.store.apiKeys.roll(account(request), request.params.id)
    if (!rolled) throw new Errors.API_KEY_NOT_FOUND(request.params.id)
    request.log.info({ keyId: rolled.record.id, by: request.webSession!.user.id }, 'API key rolled in the web interface')
    return keysPage(request, reply, { shown: { key: rolled.key, name: rolled.record.name, rolled: true } })
  })

  app.post<{ Params: IdParams }>('/:id/delete', async (request, reply) => {
    requireAdmin(request, 'delete API keys')
    const record = await app.store.apiKeys.byId(account(request), request.params.id)
    if (!record || !(await app.store.apiKeys.remove(account(request), record.id))) throw new Errors.API_KEY_NOT_FOUND(request.params.id)
    request.log.info({ keyId: record.id, by: request.webSession!.user.id }, 'API key deleted in the web interface')
    return keysPage(request, reply, { notice: `Deleted the key "${record.name}". Requests with it are refused from now on.` })
  })
}
