// Route validation for the render and async routes: their schemas (src/api/schemas.ts) validate params,
// the JSON body and the async query with this Ajv, and a failure answers the registry's code and sentence
// (src/api/schema-problem.ts). Options as the app's own Ajv (src/app.ts): nothing coerced, removed or
// filled in, since the body is the caller's template data; formats are documentation (the https checks of
// webhook and upload addresses give their own codes, src/jobs/https-address.ts).
// A route can leave a part to its handler: the image query parameters of template renders are read by
// src/render/image-options.ts, which accepts what .NET clients send ("True", "JPG", numbers as text) and
// checks rules across parameters (all four clip values, circular needs a clip) with limits from config.
import { Ajv, type ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { sharedSchemas } from './schemas.js'
import { nextTurn } from '../next-turn.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Schema failures answer the registry's codes (src/api/schema-problem.ts) instead of a generic 400. */
    schemaProblem?: boolean
  }
}

type HttpPart = 'params' | 'body' | 'querystring' | 'headers'

// Created on the first compile: with the shared schemas it compiles Ajv's meta-schema, which the server's
// start-up need not wait for.
let ajv: Ajv | null = null
function sharedAjv(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, strict: false, validateFormats: false })
    for (const schema of sharedSchemas) ajv.addSchema(schema)
  }
  return ajv
}

const accept = () => true

type Validator = ((data: unknown) => boolean) & Pick<ValidateFunction, 'errors'>

/** Route validators not compiled yet; compilePendingRouteValidators() compiles them (src/api/lazy-schema-compilers.ts). */
const pending = new Set<() => Validator>()

/**
 * Compiled on the first request, or by compilePendingRouteValidators() once the service is ready: compiling
 * the render, async and TemplateTo routes' schemas before listening took a fifth of the main thread's start-up.
 */
function lazilyCompiled(schema: object): Validator {
  let compiled: Validator | null = null
  const ensure = (): Validator => {
    if (!compiled) {
      pending.delete(ensure)
      compiled = sharedAjv().compile(schema)
    }
    return compiled
  }
  pending.add(ensure)
  const run: Validator = (data) => {
    const fn = ensure()
    const valid = fn(data)
    // Fastify reads a failed validation's details from the function it was given.
    run.errors = fn.errors
    return valid
  }
  return run
}

/** Compiles every route validator still waiting for its first request, yielding between them. */
export async function compilePendingRouteValidators(): Promise<void> {
  for (const ensure of [...pending]) {
    ensure()
    await nextTurn()
  }
}

/** Route option: validate every part of the route schema except `skip`. */
export function validateSchema(...skip: HttpPart[]): { validatorCompiler: FastifySchemaCompiler<object> } {
  return {
    validatorCompiler: ({ schema, httpPart }) => (skip.includes(httpPart as HttpPart) ? accept : lazilyCompiled(schema)),
  }
}
