// Starts the service: config from the environment, the store (seeded on first start), the HTTP server.
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import type { Config } from './config.js'
import { seedIfEmpty } from './sample/index.js'

export async function startServer(config: Config): Promise<FastifyInstance> {
  const app = await buildApp(config)
  const seeded = await seedIfEmpty(app.store)
  await app.listen({ port: config.port, host: config.host })
  if (seeded) {
    app.log.info(
      [
        `First start: created the default account and a published sample invoice template ${seeded.templateId}.`,
        'Create an API key, then render the sample:',
        '  npx quire keys create --name first-key',
        `  curl -X POST ${config.publicUrl}/render/pdf/${seeded.templateId} -H "X-Api-Key: <API_KEY>" -H "Content-Type: application/json" -d @sample-data.json -o invoice.pdf`,
        `  (sample data: GET ${config.publicUrl}/api/v1/templates/${seeded.templateId} → sampleData, or send {} for the built-in defaults)`,
      ].join('\n'),
    )
  }
  const stop = async (signal: string) => {
    app.log.info(`${signal}: closing`)
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
  return app
}
