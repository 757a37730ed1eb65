// The only reader of process.env: parsed and validated once, then passed around as a plain object.
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import type { FetchPolicy, RenderLimits } from '../renderers/contract.js'
import { DEFAULT_BUDGETS } from '../renderers/default-budgets.js'
import { projectRoot } from './project-root.js'

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
    /**
     * The longest a synchronous render may wait for a worker (ms): past it, or when the queue ahead is
     * estimated to take longer, it is refused 503 (async jobs wait their turn instead).
     */
    maxQueueMs: number
    /** Request bodies of synchronous renders admitted and not yet answered (bytes): past it, a render is refused 503. */
    maxQueueBytes: number
    /** V8 old-generation limit per worker, in MB. */
    workerMemoryMb: number
    /** V8 young generation per worker, in MB: bigger is faster (less GC) and uses more memory. */
    workerYoungMb: number
    /** RENDER_WORKER_IDLE_MS: 0 keeps the workers warm; else a worker without a render for this long exits (idle RSS). */
    workerIdleMs: number
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
    /**
     * Runs a job may have: a run ended by the process (or node) dying — a crash in its render, a kill — is
     * followed by one more run, alone on its node, until this many; a job interrupted this many times is Failed.
     */
    maxRuns: number
    /** How long storing a result, or recording a job's end, is retried while its engine is down before the job is Failed. */
    storeRetryMs: number
    /** How often every unfinished job is checked: queued again if its queue entry was lost, taken over if its run died. */
    checkIntervalMs: number
    /** A running job's lease: when its run stops renewing it (the process died) another run may take the job. */
    leaseMs: number
    /** A job still Pending this long after it was accepted is Failed (the bound on waiting whatever happens). */
    deadlineMs: number
    /** Jobs of one account that may be Pending or Processing at once. */
    maxQueuedPerAccount: number
    /** Bytes of stored job input one account may have waiting at once. */
    maxQueuedBytesPerAccount: number
  }
  webhooks: {
    /** The receiver must answer within this time (the spec's 30 s). */
    timeoutMs: number
    /** First retry delay; each further retry doubles it. */
    retryBaseMs: number
    attempts: number
    /**
     * WEBHOOK_DEV_HTTP_LOOPBACK: webhooks may also go to http:// on this machine's loopback (localhost,
     * 127.0.0.0/8, ::1), to try them during development; off by default, refused with NODE_ENV=production.
     */
    devHttpLoopback: boolean
  }
  /** Server secret for signed download links and webhook signing keys; null = generated once and kept in DATA_DIR. */
  secret: string | null
  /** On SIGTERM/SIGINT, how long in-flight requests may take to finish before their connections are cut. */
  shutdownGraceMs: number
  /** What one connection, one client address and all of them together may hold (src/connection-guard.ts). */
  connections: {
    /** Open connections at once; 0 = the descriptor limit less what the service keeps for its own files. */
    max: number
    /** Open connections from one address (an IPv6 /64) at once; at most half of `max`, so one address never takes all. */
    maxPerAddress: number
    /** A connection whose request headers have not all arrived this long after it opened (or after its last request) is closed; at most requestTimeoutMs. */
    headersTimeoutMs: number
    /** A request whose body has not all arrived this long after it started is answered 408 and its connection closed. */
    requestTimeoutMs: number
    /** An idle keep-alive connection is closed after this long (longer than a load balancer's 60 s, so it closes first). */
    keepAliveTimeoutMs: number
  }
  /** /ready says not ready while the disk holding DATA_DIR has less free space than this (writes there would fail). */
  storageMinFreeBytes: number
  /** Bearer token that GET /metrics requires; null = the metrics are open (keep the port private then). */
  metricsToken: string | null
  /** Scale-out engines (docs/scaling.md); each null = the embedded default (SQLite, in-process queue, files). */
  engines: Engines
  /** Requests per API key per minute across all nodes; 0 = no limit (the default). */
  rateLimitPerMinute: number
  /**
   * The corpus of real templates with Chromium references (QUIRE_CORPUS_DIR), used by the fidelity tests and
   * benches, not by the service; default `../shared/corpus` beside the repository root.
   */
  corpusDir: string
  /** More real templates with references (QUIRE_CORPUS_GROWN_DIR), default `../shared/corpus-grown`. */
  corpusGrownDir: string
  /** The WPT reftests (QUIRE_WPT_DIR) that `npm run wpt` and its ratchet test render; default `../shared/wpt`. */
  wptDir: string
  /** FONT_DIR: fonts an operator brings (.ttf, .otf, .woff), scanned once per render worker; null = none. */
  fontDir: string | null
  /**
   * QUIRE_PATCHES: false (off) makes every place that reaches into a dependency's internals take the dependency's
   * own path (docs/internals.md). renderers/patches.ts reads it in every thread; here its value is checked.
   */
  patches: boolean
}

export interface S3Settings {
  /** null = the provider's default endpoint for the region (AWS). */
  endpoint: string | null
  region: string
  bucket: string
  /** null = the SDK's default credential chain (environment, instance role …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null
  forcePathStyle: boolean
}

export interface Engines {
  /** DATABASE_URL: postgres://… → PostgreSQL; null → SQLite file in DATA_DIR. */
  databaseUrl: string | null
  /** REDIS_URL: redis://… → BullMQ queue, job state and shared counters in Redis. */
  redisUrl: string | null
  /** S3_*: async results in S3-compatible object storage. */
  s3: S3Settings | null
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

/** The development-only webhook setting; a production process refuses to start with it. */
function devHttpLoopback(env: Env): boolean {
  const raw = (env.WEBHOOK_DEV_HTTP_LOOPBACK ?? '').trim().toLowerCase()
  if (!['', 'true', 'false'].includes(raw)) throw new ConfigError(`WEBHOOK_DEV_HTTP_LOOPBACK must be true or false, got "${env.WEBHOOK_DEV_HTTP_LOOPBACK}"`)
  if (raw === 'true' && env.NODE_ENV === 'production') {
    throw new ConfigError('WEBHOOK_DEV_HTTP_LOOPBACK=true is for development and is refused with NODE_ENV=production')
  }
  return raw === 'true'
}

function connectionsFrom(env: Env): Config['connections'] {
  return {
    max: integer(env, 'MAX_CONNECTIONS', 0, 0),
    maxPerAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', 500, 1),
    headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 500),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 1000),
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1000),
  }
}

function secretFrom(env: Env): string | null {
  const raw = env.SECRET
  if (raw === undefined || raw === '') return null
  if (raw.length < 32) throw new ConfigError('SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)')
  return raw
}

function urlSetting(env: Env, name: string, schemes: string[]): string | null {
  const raw = env[name]
  if (raw === undefined || raw === '') return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} is not a valid address: expected ${schemes[0]}//host:port/…`)
  }
  if (!schemes.includes(url.protocol)) throw new ConfigError(`${name} must start with ${schemes.map((s) => `${s}//`).join(' or ')}, got "${url.protocol}//"`)
  return raw
}

function s3From(env: Env): S3Settings | null {
  const names = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']
  if (!names.some((n) => env[n])) return null
  const bucket = env.S3_BUCKET
  if (!bucket) throw new ConfigError('S3_BUCKET is required when any S3_* setting is given')
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? ''
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? ''
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be given together (or neither, for the default credential chain)')
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? ''
  if (!['', 'true', 'false'].includes(pathStyle)) throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`)
  return {
    endpoint: urlSetting(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region: env.S3_REGION || 'us-east-1',
    bucket,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle === 'true',
  }
}

function patchesSetting(env: Env): boolean {
  const raw = (env.QUIRE_PATCHES ?? '').trim().toLowerCase()
  if (!['', 'on', 'off'].includes(raw)) throw new ConfigError(`QUIRE_PATCHES must be on or off, got "${env.QUIRE_PATCHES}"`)
  return raw !== 'off'
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
      // 30 s of estimated wait: a client keeping many renders in flight waits for them (its patience is the
      // timeout of its HTTP client or proxy, 60 s for nginx and AWS load balancers by default), and a render
      // admitted at the limit still has its render time before the client's 60 s are up (docs/limits.md).
      maxQueueMs: integer(env, 'RENDER_MAX_QUEUE_MS', 30_000, 1),
      maxQueueBytes: integer(env, 'RENDER_MAX_QUEUE_BYTES', 64 * 1024 * 1024, 1024),
      workerMemoryMb: integer(env, 'RENDER_WORKER_MEMORY_MB', 512, 64),
      workerYoungMb: integer(env, 'RENDER_WORKER_YOUNG_MB', 32, 1),
      workerIdleMs: integer(env, 'RENDER_WORKER_IDLE_MS', 0, 0),
    },
    limits: {
      maxPages: integer(env, 'MAX_PAGES', 500, 1),
      maxImagePixels: integer(env, 'MAX_IMAGE_PIXELS', 50_000_000, 1),
      // The pixel budget is the real bound: a side limit only stops what no encoder takes (JPEG's 65,535), so a
      // full-page PNG of a long document is made, as Chromium's screenshots are.
      maxImageDimension: integer(env, 'MAX_IMAGE_DIMENSION', 65_535, 1),
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
        webResourceCacheBytes: integer(env, 'WEB_RESOURCE_CACHE_BYTES', DEFAULT_BUDGETS.webResourceCacheBytes, 0),
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
      maxRuns: integer(env, 'JOB_MAX_RUNS', 2, 1),
      storeRetryMs: integer(env, 'JOB_STORE_RETRY_MS', 30_000, 0),
      checkIntervalMs: integer(env, 'JOB_CHECK_INTERVAL_MS', 10_000, 100),
      leaseMs: integer(env, 'JOB_LEASE_MS', 15_000, 300),
      deadlineMs: integer(env, 'JOB_DEADLINE_MS', 60 * 60 * 1000, 1000),
      maxQueuedPerAccount: integer(env, 'JOB_MAX_QUEUED_PER_ACCOUNT', 100, 1),
      maxQueuedBytesPerAccount: integer(env, 'JOB_MAX_QUEUED_BYTES_PER_ACCOUNT', 64 * 1024 * 1024, 1024),
    },
    webhooks: {
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 30_000, 100),
      retryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 10_000, 1),
      attempts: integer(env, 'WEBHOOK_ATTEMPTS', 3, 1),
      devHttpLoopback: devHttpLoopback(env),
    },
    secret: secretFrom(env),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 30_000, 0),
    connections: connectionsFrom(env),
    storageMinFreeBytes: integer(env, 'STORAGE_MIN_FREE_BYTES', 64 * 1024 * 1024, 0),
    metricsToken: env.METRICS_TOKEN ? env.METRICS_TOKEN : null,
    engines: {
      databaseUrl: urlSetting(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
      redisUrl: urlSetting(env, 'REDIS_URL', ['redis:', 'rediss:']),
      s3: s3From(env),
    },
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 0, 0),
    corpusDir: env.QUIRE_CORPUS_DIR ? resolve(env.QUIRE_CORPUS_DIR) : join(projectRoot(), '..', 'shared', 'corpus'),
    corpusGrownDir: env.QUIRE_CORPUS_GROWN_DIR ? resolve(env.QUIRE_CORPUS_GROWN_DIR) : join(projectRoot(), '..', 'shared', 'corpus-grown'),
    wptDir: env.QUIRE_WPT_DIR ? resolve(env.QUIRE_WPT_DIR) : join(projectRoot(), '..', 'shared', 'wpt'),
    fontDir: env.FONT_DIR ? resolve(env.FONT_DIR) : null,
    patches: patchesSetting(env),
  }
}
