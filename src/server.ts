// Starts the service: config from the environment, the store (seeded on first start), the HTTP server.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppParts } from './app.js'
import type { Config } from './config.js'
import { seedIfEmpty } from './sample/index.js'

/** What a new user reads on the first start: how to get a key and render the sample with curl. */
function firstStartBanner(config: Config, templateId: string, dataFile: string): string {
  return [
    '',
    `Quire: first start — created the default account and a published sample invoice template ${templateId}.`,
    'Create an API key (it is printed once, as the last line):',
    '  npx quire keys create --name first-key',
    'Then render the sample invoice with its sample data:',
    `  curl -X POST ${config.publicUrl}/render/pdf/${templateId} -H "X-Api-Key: <API_KEY>" -H "Content-Type: application/json" -d @${dataFile} -o invoice.pdf`,
    `  (use /render/image/… for PNG, ?format=jpeg for JPEG, /render/txt/… for text)`,
    `To edit templates in the web interface at ${config.publicUrl}/, create an admin first:`,
    '  npx quire users create --email you@example.com --password "…" --role admin',
    '',
  ].join('\n')
}

/** `parts.pool`: a render pool the caller started earlier (the CLI starts it first, so its worker warms up meanwhile). */
export async function startServer(config: Config, parts: Pick<AppParts, 'pool'> = {}): Promise<FastifyInstance> {
  const app = await buildApp(config, parts)
  const seeded = await seedIfEmpty(app.store)
  // Listen at once: /health answers while the workers load their engines and fonts, and /ready says
  // 503 "the render pool is still starting" until they have (renders sent meanwhile wait in the queue).
  await app.listen({ port: config.port, host: config.host })
  const warm = performance.now()
  void app.pool.ready.then(() => app.log.info({ ms: Math.round(performance.now() - warm) }, 'render pool ready'))
  if (seeded) {
    const template = await app.store.templates.get(seeded.accountId, seeded.templateId)
    const dataFile = join(config.dataDir, 'sample-invoice-data.json')
    await writeFile(dataFile, JSON.stringify(template?.draft.sampleData ?? {}, null, 2))
    console.log(firstStartBanner(config, seeded.templateId, dataFile))
  }
  // The route schemas left for their first request are compiled between requests once the render pool is
  // warm, so their second of CPU does not compete with the worker's warm-up where cores are few.
  void app.pool.ready.catch(() => undefined).then(() => app.compileSchemas())
  process.once('SIGINT', () => void shutDown(app, config, 'SIGINT'))
  process.once('SIGTERM', () => void shutDown(app, config, 'SIGTERM'))
  return app
}

/**
 * Graceful shutdown: stop accepting connections, answer requests on open connections 503, let in-flight
 * requests (sync renders) finish for up to SHUTDOWN_GRACE_MS, put running async jobs back, close idle
 * keep-alive connections, close the pool and the store, exit 0. Past the grace period the remaining
 * connections are cut so the process still ends; a second signal ends it at once.
 */
async function shutDown(app: FastifyInstance, config: Config, signal: string): Promise<void> {
  const started = Date.now()
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing in-flight requests')
  const again = () => { app.log.warn('second signal: exiting now'); process.exit(1) }
  process.once('SIGINT', again)
  process.once('SIGTERM', again)
  const cut = setTimeout(() => {
    app.log.warn({ graceMs: config.shutdownGraceMs }, 'grace period over: closing the remaining connections')
    app.server.closeAllConnections()
  }, config.shutdownGraceMs)
  cut.unref()
  try {
    await app.close()
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down')
    process.exit(1)
  }
  app.log.info({ ms: Date.now() - started }, 'shut down')
  process.exit(0)
}
