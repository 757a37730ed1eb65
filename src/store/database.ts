// Row types of the schema built by migrations/ (snake_case, JSON as TEXT, timestamps as ISO-8601 TEXT
// so the same columns work in SQLite and PostgreSQL).
import type { Generated } from 'kysely'

export interface AccountsTable { id: string; name: string; created_at: string }

export interface UsersTable {
  id: string
  account_id: string
  email: string
  password_hash: string
  role: string
  created_at: string
}

export interface ApiKeysTable {
  id: string
  account_id: string
  name: string
  prefix: string
  /** SHA-256 hex of the full key: the key itself is never stored. */
  key_hash: string
  created_at: string
  last_used_at: string | null
  usage_requests: Generated<number>
  usage_pdf: Generated<number>
  usage_png: Generated<number>
  usage_jpeg: Generated<number>
  usage_txt: Generated<number>
  usage_docx: Generated<number>
  usage_zip: Generated<number>
}

/** Templates and content blocks share one table, told apart by `kind`. */
export interface DocumentsTable {
  id: string
  account_id: string
  kind: string
  name: string
  html: string
  sample_data: string
  settings: string
  published_version_id: string | null
  /** The one pending scheduled publish: which version, and when (ISO-8601 UTC); both null when none. */
  scheduled_version_id: string | null
  scheduled_publish_at: string | null
  created_at: string
  updated_at: string
}

export interface DocumentVersionsTable {
  id: string
  document_id: string
  account_id: string
  number: number
  html: string
  sample_data: string
  settings: string
  created_at: string
}

export interface Database {
  accounts: AccountsTable
  users: UsersTable
  api_keys: ApiKeysTable
  documents: DocumentsTable
  document_versions: DocumentVersionsTable
}
