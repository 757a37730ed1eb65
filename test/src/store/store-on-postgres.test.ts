// The store's whole suite again, on PostgreSQL: the same test files, each store in a database of its own
// (test/helpers/postgres.ts). If PostgreSQL is unreachable, the file skips with one line (fails with CI=true).
import { needsForFile } from '../../helpers/needs.js'
import { useDialect } from './open-test-store.js'

await needsForFile({ postgres: true })

useDialect('postgres')
await import('./open-store.test.js')
await import('./api-key-repository.test.js')
await import('./document-repository.test.js')
await import('./user-repository.test.js')
await import('./session-repository.test.js')
await import('../jobs/store-keyv-adapter.test.js')
