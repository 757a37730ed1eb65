// One way to get a running Quire for a test: a temp DATA_DIR with a real SQLite file, a real HTTP server
// on a loopback port, an account with an API key, and a small fetch wrapper. Closed when the test ends.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig, type Config } from '../../src/config.js'

export interface Harness {
  app: FastifyInstance
  config: Config
  baseUrl: string
  key: string
  accountId: string
  /** fetch against the server, with the harness key unless `key: null` or another key is given. */
  call(path: string, init?: { method?: string; body?: unknown; raw?: string | Buffer; key?: string | null; headers?: Record<string, string> }): Promise<Response>
}

export async function build(t: Test, env: Record<string, string> = {}): Promise<Harness> {
  // Its own temp folder, removed only once the app is closed: tap's t.testdir() can be removed while the app still
  // runs, and an async job still rendering when a test ends then writes into a folder being deleted (ENOTEMPTY).
  const dir = await mkdtemp(join(tmpdir(), 'quire-test-'))
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', RENDER_THREADS: '1', HOST: '127.0.0.1', PORT: '0', ...env })
  const app = await buildApp(config, { logger: false })
  t.teardown(async () => {
    await app.close()
    await rm(dir, { recursive: true, force: true, maxRetries: 3 })
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const account = await app.store.accounts.ensure('test')
  const { key } = await app.store.apiKeys.create(account.id, 'test key')
  const call: Harness['call'] = (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers }
    const useKey = init.key === undefined ? key : init.key
    if (useKey !== null) headers['x-api-key'] = useKey
    let body: string | Buffer | undefined
    if (init.raw !== undefined) body = init.raw
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    }
    return fetch(baseUrl + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body: body as BodyInit | undefined })
  }
  return { app, config, baseUrl, key, accountId: account.id, call }
}

/** Creates a template through the management API and publishes version 1. */
export async function publishedTemplate(h: Harness, html: string, extra: Record<string, unknown> = {}): Promise<{ id: string; versionId: string }> {
  const created = await h.call('/api/v1/templates', { body: { name: 'test template', html, ...extra } })
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`)
  const { id } = (await created.json()) as { id: string }
  const version = await h.call(`/api/v1/templates/${id}/versions`, { body: { publish: true } })
  if (version.status !== 201) throw new Error(`version failed: ${version.status} ${await version.text()}`)
  const { versionId } = (await version.json()) as { versionId: string }
  return { id, versionId }
}
