import type { Kysely, Migration } from 'kysely'

// Scheduled publishing (TemplateTo's `publishDate`): one pending schedule per template or content block,
// so it lives on the document row itself — scheduling another version replaces it. The time is ISO-8601
// UTC text like every timestamp here (`…Z`, fixed width), so `<=` compares it correctly in both dialects.
export const scheduledPublish: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('documents').addColumn('scheduled_version_id', 'text').execute()
    await db.schema.alterTable('documents').addColumn('scheduled_publish_at', 'varchar(40)').execute()
    await db.schema.createIndex('documents_scheduled_publish_at_idx').on('documents').column('scheduled_publish_at').execute()
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('documents_scheduled_publish_at_idx').ifExists().execute()
    await db.schema.alterTable('documents').dropColumn('scheduled_publish_at').execute()
    await db.schema.alterTable('documents').dropColumn('scheduled_version_id').execute()
  },
}
