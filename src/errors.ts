// The one registry of error codes: QUIRE_ERR_<AREA>_<WHAT>, message, HTTP status.
// Every error body is application/problem+json: { type, title, status, code, error }. `error` is the
// readable sentence (the spec's async body member); docs/errors.md documents each code (a test checks).
import createError, { type FastifyErrorConstructor } from '@fastify/error'
import type { RenderErrorCode } from '../renderers/contract.js'

type Args = [unknown?, unknown?, unknown?]

function define(code: string, message: string, status: number): FastifyErrorConstructor<{ code: string }, Args> {
  return createError(code, message, status)
}

export const Errors = {
  AUTH_MISSING: define('QUIRE_ERR_AUTH_MISSING', 'The X-Api-Key header is required', 401),
  AUTH_MALFORMED: define('QUIRE_ERR_AUTH_MALFORMED', 'The X-Api-Key header is malformed: %s', 401),
  AUTH_INVALID: define('QUIRE_ERR_AUTH_INVALID', 'The API key is not valid (unknown, rolled or deleted)', 401),
  AUTH_FORBIDDEN: define('QUIRE_ERR_AUTH_FORBIDDEN', '%s', 403),
  REQUEST_INVALID: define('QUIRE_ERR_REQUEST_INVALID', '%s', 400),
  REQUEST_BODY_TOO_LARGE: define('QUIRE_ERR_REQUEST_BODY_TOO_LARGE', 'The request body is larger than the limit of %s bytes', 400),
  REQUEST_URL_TOO_LONG: define('QUIRE_ERR_REQUEST_URL_TOO_LONG', 'A path segment of the URL is longer than %s characters: no identifier is that long', 414),
  REQUEST_JSON_TOO_DEEP: define('QUIRE_ERR_REQUEST_JSON_TOO_DEEP', 'The JSON body nests arrays and objects more than %s deep (JSON_MAX_DEPTH)', 400),
  REQUEST_MALFORMED: define('QUIRE_ERR_REQUEST_MALFORMED', 'The request is not valid HTTP: %s', 400),
  REQUEST_HEADERS_TOO_LARGE: define('QUIRE_ERR_REQUEST_HEADERS_TOO_LARGE', 'The request\'s headers are larger than the limit of %s bytes', 431),
  REQUEST_TIMEOUT: define('QUIRE_ERR_REQUEST_TIMEOUT', 'The request did not arrive in time: its headers are due within %s ms (HEADERS_TIMEOUT_MS), all of it within %s ms (REQUEST_TIMEOUT_MS)', 408),
  REQUEST_DATA_MISSING: define('QUIRE_ERR_REQUEST_DATA_MISSING', '%s', 400),
  TEMPLATE_ID_INVALID: define('QUIRE_ERR_TEMPLATE_ID_INVALID', 'Invalid template ID "%s": template IDs look like tpl_…', 400),
  TEMPLATE_NOT_FOUND: define('QUIRE_ERR_TEMPLATE_NOT_FOUND', 'Template %s not found', 404),
  TEMPLATE_NOT_PUBLISHED: define('QUIRE_ERR_TEMPLATE_NOT_PUBLISHED', 'Template %s has no published version yet: publish one, or render a version with /v/{versionId}', 404),
  VERSION_ID_INVALID: define('QUIRE_ERR_VERSION_ID_INVALID', 'Invalid version ID "%s": version IDs look like ver_…', 400),
  TEMPLATE_BLOCK_MISSING: define('QUIRE_ERR_TEMPLATE_BLOCK_MISSING', 'The template\'s %s block %s does not exist or has no published version', 400),
  VERSION_NOT_FOUND: define('QUIRE_ERR_VERSION_NOT_FOUND', 'Version %s of %s not found', 404),
  VERSION_NOT_SCHEDULED: define('QUIRE_ERR_VERSION_NOT_SCHEDULED', 'Version %s of %s has no pending publish schedule', 404),
  BLOCK_NOT_FOUND: define('QUIRE_ERR_BLOCK_NOT_FOUND', 'Content block %s not found', 404),
  BLOCK_NOT_PUBLISHED: define('QUIRE_ERR_BLOCK_NOT_PUBLISHED', 'Content block %s has no published version', 400),
  USER_EMAIL_TAKEN: define('QUIRE_ERR_USER_EMAIL_TAKEN', 'A user with the email %s already exists', 409),
  BLOCK_NAME_TAKEN: define('QUIRE_ERR_BLOCK_NAME_TAKEN', 'A content block named "%s" already exists; block names are used by {%% include %%} and must be unique', 409),
  SETTINGS_INVALID: define('QUIRE_ERR_SETTINGS_INVALID', 'Invalid settings: %s', 400),
  NOT_FOUND: define('QUIRE_ERR_NOT_FOUND', 'No route %s', 404),
  METHOD_NOT_ALLOWED: define('QUIRE_ERR_METHOD_NOT_ALLOWED', 'Method %s is not allowed on %s', 405),
  RENDER_TIMEOUT: define('QUIRE_ERR_RENDER_TIMEOUT', 'The render took longer than the limit of %s ms and was stopped', 500),
  RENDER_MEMORY_LIMIT: define('QUIRE_ERR_RENDER_MEMORY_LIMIT', 'The render needed more than the worker memory limit of %s MB (RENDER_WORKER_MEMORY_MB) and was stopped', 400),
  RENDER_WORKER_CRASHED: define('QUIRE_ERR_RENDER_WORKER_CRASHED', 'The render worker stopped unexpectedly (%s); the worker was replaced', 500),
  RENDER_BUSY: define('QUIRE_ERR_RENDER_BUSY', 'Too many renders are waiting (queue limit %s); try again shortly', 503),
  RENDER_QUEUE_TIME: define('QUIRE_ERR_RENDER_QUEUE_TIME', 'The renders ahead would take about %s ms, longer than the queue time limit of %s ms (%s); try again shortly', 503),
  RENDER_QUEUE_BYTES: define('QUIRE_ERR_RENDER_QUEUE_BYTES', 'The renders waiting hold %s bytes of request bodies; with this one (%s bytes) they would pass the limit of %s bytes (RENDER_MAX_QUEUE_BYTES); try again shortly', 503),
  RENDER_CANCELLED: define('QUIRE_ERR_RENDER_CANCELLED', 'The client went away before the render started; it was not rendered', 499),
  ASYNC_RENDER_TYPE_INVALID: define('QUIRE_ERR_ASYNC_RENDER_TYPE_INVALID', 'Unknown render type "%s": use %s', 400),
  ASYNC_OUTPUT_URL_INVALID: define('QUIRE_ERR_ASYNC_OUTPUT_URL_INVALID', 'Invalid presigned address (outputPresignedUrl): %s', 400),
  ASYNC_WEBHOOK_URL_INVALID: define('QUIRE_ERR_ASYNC_WEBHOOK_URL_INVALID', 'Invalid webhookUrl: %s', 400),
  JOB_NOT_FOUND: define('QUIRE_ERR_JOB_NOT_FOUND', 'Job %s not found', 404),
  JOB_NOT_COMPLETED: define('QUIRE_ERR_JOB_NOT_COMPLETED', '%s', 400),
  JOB_RESULT_EXPIRED: define('QUIRE_ERR_JOB_RESULT_EXPIRED', 'The result of job %s has expired (results are kept for %s after the job ends): render it again', 404),
  DOWNLOAD_LINK_INVALID: define('QUIRE_ERR_DOWNLOAD_LINK_INVALID', 'This download address is %s: request /render/async/result/{jobId} again for a fresh one', 403),
  WEB_SIGNIN_REQUIRED: define('QUIRE_ERR_WEB_SIGNIN_REQUIRED', 'Sign in to use the web interface', 401),
  WEB_CSRF_INVALID: define('QUIRE_ERR_WEB_CSRF_INVALID', 'The form is out of date or did not come from this site (%s); reload the page and try again', 403),
  WEB_SIGNIN_THROTTLED: define('QUIRE_ERR_WEB_SIGNIN_THROTTLED', 'Too many failed sign-ins; try again in %s seconds', 429),
  WEB_LAST_ADMIN: define('QUIRE_ERR_WEB_LAST_ADMIN', 'The account needs at least one admin: %s', 409),
  RATE_LIMITED: define('QUIRE_ERR_RATE_LIMITED', 'This API key made more than %s requests in a minute (RATE_LIMIT_PER_MINUTE); retry in %s seconds', 429),
  API_KEY_NOT_FOUND: define('QUIRE_ERR_API_KEY_NOT_FOUND', 'API key %s not found', 404),
  USER_NOT_FOUND: define('QUIRE_ERR_USER_NOT_FOUND', 'User %s not found', 404),
  IMPORT_REFUSED: define('QUIRE_ERR_IMPORT_REFUSED', 'Nothing was imported: %s', 400),
  STORAGE_FULL: define('QUIRE_ERR_STORAGE_FULL', 'The service\'s storage is full: %s; nothing was saved, retry once space is freed', 507),
  STORAGE_UNAVAILABLE: define('QUIRE_ERR_STORAGE_UNAVAILABLE', 'The service cannot write its storage: %s; nothing was saved, retry later', 503),
  ENGINE_UNAVAILABLE: define('QUIRE_ERR_ENGINE_UNAVAILABLE', '%s: nothing was done; retry in a few seconds', 503),
  ASYNC_ACCOUNT_BUDGET: define('QUIRE_ERR_ASYNC_ACCOUNT_BUDGET', 'This account already has %s (limit %s, %s); retry once some of its jobs have ended', 429),
  CONNECTION_LIMIT: define('QUIRE_ERR_CONNECTION_LIMIT', 'Too many connections: %s; close idle ones or retry shortly', 503),
  NOT_READY: define('QUIRE_ERR_NOT_READY', 'Not ready: %s', 503),
  SHUTTING_DOWN: define('QUIRE_ERR_SHUTTING_DOWN', 'The service is shutting down; send the request again (to another instance)', 503),
  METRICS_TOKEN_INVALID: define('QUIRE_ERR_METRICS_TOKEN_INVALID', 'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>', 401),
  INTERNAL: define('QUIRE_ERR_INTERNAL', 'Internal server error', 500),
} as const

/** HTTP status of each code a renderer returns (renderers cannot import this file: they run in workers). */
export const RENDER_ERROR_STATUS: Record<RenderErrorCode, number> = {
  QUIRE_ERR_TEMPLATE_SYNTAX: 400,
  QUIRE_ERR_TEMPLATE_RENDER: 400,
  QUIRE_ERR_TEMPLATE_LIMIT: 400,
  QUIRE_ERR_RENDER_PAGES_LIMIT: 400,
  QUIRE_ERR_RENDER_IMAGE_LIMIT: 400,
  QUIRE_ERR_RENDER_CLIP_OUTSIDE: 400,
  QUIRE_ERR_RENDER_CLIPS_LIMIT: 400,
  QUIRE_ERR_RENDER_HTML_LIMIT: 400,
  QUIRE_ERR_RENDER_INVALID_OPTION: 400,
  QUIRE_ERR_RENDER_CSS_LIMIT: 400,
  QUIRE_ERR_RENDER_LAYOUT_LIMIT: 400,
  QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT: 400,
  QUIRE_ERR_RENDER_SVG_LIMIT: 400,
  QUIRE_ERR_RENDER_NATIVE_CRASHED: 400,
  QUIRE_ERR_RENDER_ATTACHMENT_INVALID: 400,
  QUIRE_ERR_RENDER_NOT_ACCESSIBLE: 400,
  QUIRE_ERR_RENDER_FAILED: 500,
}

/** An error that carries its own code and status: a render error rebuilt from worker data. */
class CodedError extends Error {
  constructor(public readonly code: string, message: string, public readonly statusCode: number) {
    super(message)
    this.name = 'CodedError'
  }
}

export function renderErrorFrom(code: RenderErrorCode, message: string): CodedError {
  return new CodedError(code, message, RENDER_ERROR_STATUS[code] ?? 500)
}

/** Every code of the registry (for the uniqueness/documentation test). */
export function allErrorCodes(): string[] {
  return [...Object.values(Errors).map((E) => new E().code), ...Object.keys(RENDER_ERROR_STATUS)]
}

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  408: 'Request Timeout', 409: 'Conflict', 431: 'Request Header Fields Too Large', 413: 'Payload Too Large', 414: 'URI Too Long', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 499: 'Client Closed Request', 500: 'Internal Server Error',
  503: 'Service Unavailable', 507: 'Insufficient Storage',
}

export interface ProblemBody { type: string; title: string; status: number; code: string; error: string; requestId?: string }

/** The longest `error` sentence: a message quoting input (each should quote only an excerpt) never grows a body past it. */
export const MAX_ERROR_CHARS = 1_000

export function cappedMessage(message: string): string {
  return message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS)}…` : message
}

/** `requestId` is the id of the request in the service's log lines, so a user's report can be found there. */
export function problemBody(status: number, code: string, message: string, requestId?: string): ProblemBody {
  const error = cappedMessage(message)
  const body: ProblemBody = { type: 'about:blank', title: TITLES[status] ?? 'Error', status, code, error }
  if (requestId !== undefined) body.requestId = requestId
  return body
}
