// Route option for the render and async routes: their request schemas document the API (OpenAPI) while
// the hand-written checks in src/render and src/jobs validate, because those give the registry's codes
// and messages that callers and docs rely on (e.g. QUIRE_ERR_REQUEST_DATA_MISSING naming the member, query
// numbers arriving as strings). Response schemas still serialize.
import type { FastifySchemaCompiler } from 'fastify'

const accept: FastifySchemaCompiler<unknown> = () => () => true

export const documentOnly = { validatorCompiler: accept } as const
