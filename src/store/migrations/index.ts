// Migrations live in code (no directory scan), so they work the same from src/ under tsx and from dist/.
import type { Migration, MigrationProvider } from 'kysely'
import { initial } from './0001-initial.js'
import { webSessions } from './0100-web-sessions.js'
import { jobState } from './0200-job-state.js'
import { scheduledPublish } from './0300-scheduled-publish.js'
import { jobIntake } from './0400-job-intake.js'

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0100-web-sessions': webSessions,
  '0200-job-state': jobState,
  '0300-scheduled-publish': scheduledPublish,
  '0400-job-intake': jobIntake,
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS
  },
}
