import type { Kysely, Migration } from 'kysely'

// Only portable types and constraints here: a PostgreSQL adapter runs the same migrations.
export const initial: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createTable('accounts')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute()

    await db.schema.createTable('users')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('users_account_idx').on('users').column('account_id').execute()

    await db.schema.createTable('api_keys')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('last_used_at', 'varchar(40)')
      .addColumn('usage_requests', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('usage_pdf', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('usage_png', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('usage_jpeg', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('usage_txt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('usage_docx', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('usage_zip', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute()

    await db.schema.createTable('documents')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('sample_data', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('published_version_id', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('documents_account_kind_name_idx').on('documents')
      .columns(['account_id', 'kind', 'name']).execute()

    await db.schema.createTable('document_versions')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('document_id', 'varchar(40)', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('account_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('sample_data', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addUniqueConstraint('document_versions_number_unique', ['document_id', 'number'])
      .execute()
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['document_versions', 'documents', 'api_keys', 'users', 'accounts']) {
      await db.schema.dropTable(table).execute()
    }
  },
}
