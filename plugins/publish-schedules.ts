// Scheduled publishing: publishes versions whose `publishDate` has come. Runs once when the service is
// ready — schedules that passed while it was down are applied at start-up — and then on a timer, so a
// listing or a cached template shows the new version within one interval. Renders do not wait for the
// timer: getPublished applies a due schedule itself. Every node runs this; the UPDATE is conditional
// (document-repository.ts applyDueSchedules), so nodes sharing one PostgreSQL apply each schedule once.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

export interface PublishSchedulesOptions {
  /** How often to look for due schedules. */
  intervalMs?: number
}

export const PUBLISH_SCHEDULE_INTERVAL_MS = 10_000

async function publishSchedules(app: FastifyInstance, options: PublishSchedulesOptions): Promise<void> {
  const intervalMs = options.intervalMs ?? PUBLISH_SCHEDULE_INTERVAL_MS
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  const tick = async (): Promise<void> => {
    const now = new Date()
    const templates = await app.store.templates.applyDueSchedules(now)
    const blocks = await app.store.blocks.applyDueSchedules(now)
    if (templates + blocks > 0) app.log.info({ templates, blocks }, 'scheduled versions published')
  }
  const run = (): void => {
    running = running.then(tick).catch((err: unknown) => app.log.error({ err }, 'applying publish schedules failed'))
  }

  app.addHook('onReady', async () => {
    run()
    await running
    timer = setInterval(run, intervalMs)
    timer.unref()
  })
  // Registered after the store's own onClose hook, so this runs first: no tick on a closed store.
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}

export default fp(publishSchedules, { name: 'quire-publish-schedules', dependencies: ['quire-services'] })
