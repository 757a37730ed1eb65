// Fastify's own schema compilers (Ajv for validation, fast-json-stringify for responses), each route's
// function compiled on its first use instead of before the server listens. Compiling all ~50 routes'
// validators and serializers up front was the biggest part of the main thread's start-up (profiled:
// fast-json-stringify 1.2 s and Ajv 1.1 s of CPU on the loaded 2-core machine), and a service that is
// restarted or scaled out should answer /health and /ready as soon as it can. compileAll() compiles what
// is still pending — once the render pool is warm, in the background, so the first requests do not pay it either, and
// in a test, so a broken schema is found without a request to its route.
import { AjvCompiler } from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'
import { compilePendingRouteValidators } from './route-validator.js'
import { nextTurn } from '../next-turn.js'

type Compiled = (data: unknown) => unknown
type Validator = Compiled & { errors?: unknown }
type CompilerFactory = (...args: never[]) => (routeSchema: never) => Compiled
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles the route schemas not yet compiled (see src/api/lazy-schema-compilers.ts). */
    compileSchemas(): Promise<void>
  }
}

export interface LazySchemaCompilers {
  compilersFactory: CompilersFactory
  /** Compiles every route function not yet compiled; resolves once done, yielding between routes. */
  compileAll(): Promise<void>
}

export function lazySchemaCompilers(): LazySchemaCompilers {
  const pending = new Set<() => void>()

  function lazily<F extends CompilerFactory>(factory: F, copyErrors: boolean): F {
    return ((...factoryArgs: never[]) => {
      // The factory itself builds an Ajv with the shared schemas (and compiles its meta-schema): on first use too.
      let compile: ReturnType<F> | undefined
      return (routeSchema: never) => {
        let compiled: Validator | undefined
        const ensure = (): Validator => {
          if (!compiled) {
            pending.delete(ensure)
            compile ??= factory(...factoryArgs) as ReturnType<F>
            compiled = compile!(routeSchema) as Validator
          }
          return compiled
        }
        pending.add(ensure)
        const run: Validator = (data) => {
          const fn = ensure()
          const result = fn(data)
          // Fastify reads a failed validation's details from the function it was given.
          if (copyErrors) run.errors = fn.errors
          return result
        }
        return run
      }
    }) as F
  }

  return {
    compilersFactory: {
      buildValidator: lazily(AjvCompiler() as unknown as CompilerFactory, true),
      buildSerializer: lazily(SerializerSelector() as unknown as CompilerFactory, false),
    } as unknown as CompilersFactory,
    async compileAll() {
      for (const ensure of [...pending]) {
        ensure()
        await nextTurn()
      }
      await compilePendingRouteValidators()
    },
  }
}
