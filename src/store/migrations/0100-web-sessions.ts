import type { Kysely, Migration } from 'kysely'

// Web-interface sessions live in the store (not in a signed cookie) so that signing out, removing a user
// or changing a role takes effect on the very next request. The id column holds a hash of the token.
export const webSessions: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createTable('web_sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('web_sessions_user_idx').on('web_sessions').column('user_id').execute()
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('web_sessions').execute()
  },
}
