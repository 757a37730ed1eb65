// The scale-out clients are optional peer dependencies: a production install (`npm ci --omit=dev`) leaves
// them out (some 38 MB of node_modules a single node never loads), and an operator who sets S3_*, REDIS_URL
// or DATABASE_URL installs the ones that setting needs. Using the setting without its package is an
// EngineError naming the setting and the install command, never a bare "Cannot find package".
import { EngineError } from './engine-error.js'

/**
 * The packages each optional feature needs, with the version range package.json's peerDependencies declare
 * (test/src/optional-packages.test.ts keeps the two equal), and the setting that turns the feature on.
 * scripts/install-optional.mjs installs them by feature name (the Dockerfile's QUIRE_OPTIONAL).
 */
export const OPTIONAL_PACKAGES = {
  s3: { setting: 'S3_BUCKET', packages: ['@aws-sdk/client-s3@^3.1173.0', '@aws-sdk/s3-request-presigner@^3.1164.0'] },
  redis: { setting: 'REDIS_URL', packages: ['bullmq@^5.81.5', 'ioredis@^5.11.1'] },
  postgres: { setting: 'DATABASE_URL', packages: ['pg@^8.23.1'] },
} as const

export type OptionalFeature = keyof typeof OPTIONAL_PACKAGES

const packageName = (spec: string) => spec.slice(0, spec.lastIndexOf('@'))

/**
 * The package a failed import could not find, if the error is Node's "Cannot find package 'x'" (by its
 * message: an error that crossed a module-loader hook thread, as under tsx or tap, has lost its code).
 */
export function missingPackage(error: unknown): string | null {
  const e = error as { code?: string; message?: string } | null
  if (e?.code !== undefined && e.code !== 'ERR_MODULE_NOT_FOUND' && e.code !== 'MODULE_NOT_FOUND') return null
  return /^Cannot find (?:package|module) '((?:@[^/']+\/)?[^/']+)/.exec(e?.message ?? '')?.[1] ?? null
}

/** Imports the module behind a feature; a missing optional package becomes an EngineError that says what to install. */
export async function importFeature<M>(feature: OptionalFeature, load: () => Promise<M>): Promise<M> {
  try {
    return await load()
  } catch (error) {
    const missing = missingPackage(error)
    const { setting, packages: specs } = OPTIONAL_PACKAGES[feature]
    if (!missing || !specs.some((spec) => packageName(spec) === missing)) throw error
    throw new EngineError(setting, `needs the optional package ${missing}, which this install leaves out: `
      + `run \`node scripts/install-optional.mjs ${feature}\` in Quire's directory (it installs ${specs.join(' ')}), `
      + `or build the Docker image with --build-arg QUIRE_OPTIONAL=${feature} (docs/operations.md)`)
  }
}
