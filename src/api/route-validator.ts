// Route validation for the render and async routes: their schemas (src/api/schemas.ts) validate params,
// the JSON body and the async query with this Ajv, and a failure answers the registry's code and sentence
// (src/api/schema-problem.ts). Options as the app's own Ajv (src/app.ts): nothing coerced, removed or
// filled in, since the body is the caller's template data; formats are documentation (the https checks of
// webhook and upload addresses give their own codes, src/jobs/https-address.ts).
// A route can leave a part to its handler: the image query parameters of template renders are read by
// src/render/image-options.ts, which accepts what .NET clients send ("True", "JPG", numbers as text) and
// checks rules across parameters (all four clip values, circular needs a clip) with limits from config.
import { Ajv } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { sharedSchemas } from './schemas.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Schema failures answer the registry's codes (src/api/schema-problem.ts) instead of a generic 400. */
    schemaProblem?: boolean
  }
}

type HttpPart = 'params' | 'body' | 'querystring' | 'headers'

const ajv = new Ajv({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, strict: false, validateFormats: false })
for (const schema of sharedSchemas) ajv.addSchema(schema)

const accept = () => true

/** Route option: validate every part of the route schema except `skip`. */
export function validateSchema(...skip: HttpPart[]): { validatorCompiler: FastifySchemaCompiler<object> } {
  return {
    validatorCompiler: ({ schema, httpPart }) => (skip.includes(httpPart as HttpPart) ? accept : ajv.compile(schema)),
  }
}
