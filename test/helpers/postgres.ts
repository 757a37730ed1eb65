// PostgreSQL for tests, on the machine's server (127.0.0.1:5432, trust auth, or QUIRE_TEST_POSTGRES_URL):
// each test process creates its own database, quire_test_<pid>_<random>, and drops it when it ends; each
// store inside gets a fresh schema of that database (CREATE DATABASE takes seconds here, a schema
// milliseconds). When the server is unreachable this throws, so a PostgreSQL variant fails, never passes.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import tap, { type Test } from 'tap'

export const POSTGRES_ADMIN_URL = process.env.QUIRE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function query(connectionString: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(`PostgreSQL for tests is unreachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message || (error as { code?: string }).code}); start it (service postgresql start) or set QUIRE_TEST_POSTGRES_URL`)
  }
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

function withDatabase(name: string): URL {
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return url
}

let processDatabase: Promise<string> | null = null

/** This test process's database (created on first use, dropped when the process's tests end). */
export function ownDatabase(): Promise<string> {
  processDatabase ??= (async () => {
    const name = `quire_test_${process.pid}_${randomBytes(4).toString('hex')}`
    await query(POSTGRES_ADMIN_URL, `CREATE DATABASE ${name}`)
    tap.teardown(() => query(POSTGRES_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    return withDatabase(name).toString()
  })()
  return processDatabase
}

/** A DATABASE_URL for a fresh, empty schema of this process's database; the schema is dropped at teardown. */
export async function testDatabase(t: Test): Promise<string> {
  const base = await ownDatabase()
  const schema = `s_${randomBytes(6).toString('hex')}`
  await query(base, `CREATE SCHEMA ${schema}`)
  t.teardown(() => query(base, `DROP SCHEMA IF EXISTS ${schema} CASCADE`))
  const url = new URL(base)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}
