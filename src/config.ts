// The only reader of process.env: parsed and validated once, then passed around as a plain object.
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import type { FetchPolicy, RenderLimits } from '../renderers/contract.js'
import { DEFAULT_BUDGETS } from '../renderers/default-budgets.js'

export interface Config {
  port: number
  host: string
  dataDir: string
  logLevel: string
  /** Absolute base address used in links handed to callers (webhooks, logs); default http://localhost:PORT. */
  publicUrl: string
  bodyLimitBytes: number
  /** Deepest nesting of arrays and objects accepted in a JSON body. */
  jsonMaxDepth: number
  pool: {
    threads: number
    renderTimeoutMs: number
    maxQueue: number
    /** V8 old-generation limit per worker, in MB. */
    workerMemoryMb: number
    /** V8 young generation per worker, in MB: bigger is faster (less GC) and uses more memory. */
    workerYoungMb: number
  }
  limits: RenderLimits
  fetch: FetchPolicy
  /** Asynchronous jobs: result lifetime, queue width, retention and timeouts. */
  jobs: {
    /** How long a result stays downloadable after the job ends (the spec's 24 h). */
    resultTtlMs: number
    /** Async jobs rendered at once (each takes a pool thread while it renders). */
    concurrency: number
    /** How long an expired job's status stays readable (as Expired) before the record is purged. */
    recordRetentionMs: number
    /** How often expired results are deleted. */
    sweepIntervalMs: number
    /** Lifetime of the signed download address a result request redirects to. */
    downloadLinkTtlMs: number
    /** Time limit of one presigned-address upload. */
    uploadTimeoutMs: number
    /** A job interrupted this many times (e.g. it crashes the process) is failed instead of retried. */
    maxRuns: number
  }
  webhooks: {
    /** The receiver must answer within this time (the spec's 30 s). */
    timeoutMs: number
    /** First retry delay; each further retry doubles it. */
    retryBaseMs: number
    attempts: number
  }
  /** Server secret for signed download links and webhook signing keys; null = generated once and kept in DATA_DIR. */
  secret: string | null
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`)
  }
  return value
}

/** A value with a hard ceiling: past it the engine underneath breaks, whatever the operator wants. */
function atMost(env: Env, name: string, value: number, max: number): number {
  if (value > max) throw new ConfigError(`${name} must be at most ${max}, got "${env[name]}"`)
  return value
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean)
}

function secretFrom(env: Env): string | null {
  const raw = env.SECRET
  if (raw === undefined || raw === '') return null
  if (raw.length < 32) throw new ConfigError('SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)')
  return raw
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000)
  const level = env.LOG_LEVEL ?? 'info'
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${level}"`)
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    logLevel: level,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024),
    jsonMaxDepth: integer(env, 'JSON_MAX_DEPTH', 512, 1),
    pool: {
      threads: integer(env, 'RENDER_THREADS', Math.max(1, availableParallelism()), 1),
      renderTimeoutMs: integer(env, 'RENDER_TIMEOUT_MS', 30_000, 100),
      maxQueue: integer(env, 'RENDER_MAX_QUEUE', 1000, 1),
      workerMemoryMb: integer(env, 'RENDER_WORKER_MEMORY_MB', 512, 64),
      workerYoungMb: integer(env, 'RENDER_WORKER_YOUNG_MB', 6, 1),
    },
    limits: {
      maxPages: integer(env, 'MAX_PAGES', 500, 1),
      maxImagePixels: integer(env, 'MAX_IMAGE_PIXELS', 50_000_000, 1),
      maxImageDimension: integer(env, 'MAX_IMAGE_DIMENSION', 10_000, 1),
      maxClips: integer(env, 'MAX_CLIPS', 50, 1),
      maxHtmlChars: integer(env, 'MAX_HTML_CHARS', 5_000_000, 1),
      templateRenderMs: integer(env, 'TEMPLATE_RENDER_MS', 5_000, 10),
      budgets: {
        cssVarMaxLength: integer(env, 'CSS_VAR_MAX_LENGTH', DEFAULT_BUDGETS.cssVarMaxLength, 1),
        cssVarMaxSubstitutions: integer(env, 'CSS_VAR_MAX_SUBSTITUTIONS', DEFAULT_BUDGETS.cssVarMaxSubstitutions, 1),
        cssVarMaxTotalLength: integer(env, 'CSS_VAR_MAX_TOTAL_LENGTH', DEFAULT_BUDGETS.cssVarMaxTotalLength, 1),
        imageMaxPixels: integer(env, 'EMBEDDED_IMAGE_MAX_PIXELS', DEFAULT_BUDGETS.imageMaxPixels, 1),
        imageMaxDocumentPixels: integer(env, 'EMBEDDED_IMAGE_MAX_DOCUMENT_PIXELS', DEFAULT_BUDGETS.imageMaxDocumentPixels, 1),
        svgMaxElements: integer(env, 'SVG_MAX_ELEMENTS', DEFAULT_BUDGETS.svgMaxElements, 1),
        layoutMaxDepth: integer(env, 'LAYOUT_MAX_DEPTH', DEFAULT_BUDGETS.layoutMaxDepth, 1),
        layoutMaxFlexDepth: atMost(env, 'LAYOUT_MAX_FLEX_DEPTH', integer(env, 'LAYOUT_MAX_FLEX_DEPTH', DEFAULT_BUDGETS.layoutMaxFlexDepth, 1), 128),
      },
    },
    fetch: {
      allowHosts: list(env, 'OUTBOUND_ALLOW_HOSTS'),
      timeoutMs: integer(env, 'OUTBOUND_TIMEOUT_MS', 10_000, 100),
      maxBytes: integer(env, 'OUTBOUND_MAX_BYTES', 10 * 1024 * 1024, 1024),
    },
    jobs: {
      resultTtlMs: integer(env, 'JOB_RESULT_TTL_MS', 24 * 60 * 60 * 1000, 1),
      concurrency: integer(env, 'JOB_CONCURRENCY', Math.max(1, availableParallelism()), 1),
      recordRetentionMs: integer(env, 'JOB_RECORD_RETENTION_MS', 7 * 24 * 60 * 60 * 1000, 0),
      sweepIntervalMs: integer(env, 'JOB_SWEEP_INTERVAL_MS', 60_000, 10),
      downloadLinkTtlMs: integer(env, 'DOWNLOAD_LINK_TTL_MS', 5 * 60 * 1000, 1000),
      uploadTimeoutMs: integer(env, 'UPLOAD_TIMEOUT_MS', 60_000, 100),
      maxRuns: integer(env, 'JOB_MAX_RUNS', 3, 1),
    },
    webhooks: {
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 30_000, 100),
      retryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 10_000, 1),
      attempts: integer(env, 'WEBHOOK_ATTEMPTS', 3, 1),
    },
    secret: secretFrom(env),
  }
}
