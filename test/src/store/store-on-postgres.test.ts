// The store's whole suite again, on PostgreSQL: the same test files, each store in a database of its own
// (test/helpers/postgres.ts). If PostgreSQL is unreachable, these tests fail — CI runs one.
import { useDialect } from './open-test-store.js'

useDialect('postgres')
await import('./open-store.test.js')
await import('./api-key-repository.test.js')
await import('./document-repository.test.js')
await import('./user-repository.test.js')
await import('./session-repository.test.js')
await import('../jobs/sqlite-keyv-store.test.js')
