// The asynchronous job as stored, and the two shapes the spec shows callers (start and status bodies).
import type { ClipsTask, DocxTask, ImageTask, PdfTask, TxtTask } from '../../renderers/contract.js'
import type { RenderCost } from '../render/cost-headers.js'
import type { JobProgress } from './job-progress.js'

export type JobStatus = 'Pending' | 'Processing' | 'Completed' | 'Failed' | 'Expired'
export type RenderType = 'pdf' | 'image' | 'image-clips' | 'docx' | 'txt'

/** What a worker needs, minus the limits and fetch policy that come from config when the job runs. */
type Portable<T> = Omit<T, 'limits' | 'fetch'>
export type JobTask = Portable<PdfTask> | Portable<ImageTask> | Portable<ClipsTask> | Portable<TxtTask> | Portable<DocxTask>

/** Where and what the finished bytes are (own storage) — absent for external output and failures. */
export interface JobResult { file: string; contentType: string; extension: string; size: number }

export interface JobRecord {
  jobId: string
  accountId: string
  /** The API key that started the job, for usage counting. */
  keyId: string
  status: JobStatus
  templateId: string | null
  /** The template version that was resolved at start (null for raw HTML). */
  versionId: string | null
  renderType: RenderType
  createdAt: string
  /** createdAt + TTL while the job runs; completedAt + TTL once it ended (results live 24 h after generation). */
  expiresAt: string
  completedAt: string | null
  elapsedTimeMs: number | null
  /** Kept server-side only: never shown in a status body. */
  webhookUrl: string | null
  outputPresignedUrl: string | null
  /** null: no webhook; false: not delivered (yet, while attempts remain); true: a 2xx arrived. */
  webhookDelivered: boolean | null
  /** Delivery attempts made so far (absent on records written before it was counted: 0). */
  webhookAttempts?: number
  usesExternalOutput: boolean
  errorMessage: string | null
  result: JobResult | null
  /** What the render cost (worker CPU ms, pages, bytes), once Completed; absent on older records. */
  cost?: RenderCost
  /** While Processing: the PDF pages its render has painted so far (src/jobs/job-progress.ts); absent before the first. */
  progress?: JobProgress
  /** How many times a worker started on this job (a restart mid-render starts it again). */
  runs: number
  /**
   * How many of its runs ended with the process (or node) dying under them: a crash in its render, a kill,
   * a lost machine. Absent on records stored before it was counted.
   */
  interruptions?: number
  /** The run that holds the job while it is Processing, renewed as it goes; a lapsed lease means that run died. */
  lease?: JobLease | null
}

export interface JobLease { node: string; run: string; until: number }

export function resultPath(jobId: string): string {
  return `/render/async/result/${jobId}`
}

export function statusPath(jobId: string): string {
  return `/render/async/status/${jobId}`
}

/** 202 body: exactly the spec's start fields. */
export function startBody(job: JobRecord) {
  return {
    jobId: job.jobId,
    status: job.status,
    templateId: job.templateId,
    renderType: job.renderType,
    createdAt: job.createdAt,
    expiresAt: job.expiresAt,
    statusUrl: statusPath(job.jobId),
    resultUrl: resultPath(job.jobId),
  }
}

/** 200 status body: the start fields plus the spec's status fields; resultUrl only when Completed. */
export function statusBody(job: JobRecord) {
  const { resultUrl, ...start } = startBody(job)
  return {
    ...start,
    ...(job.status === 'Completed' ? { resultUrl } : {}),
    completedAt: job.completedAt,
    elapsedTimeMs: job.elapsedTimeMs,
    webhookDelivered: job.webhookDelivered,
    // An extra field beside the spec's: how many deliveries were tried (a client can tell retries from the end).
    ...(job.webhookUrl ? { webhookAttempts: job.webhookAttempts ?? 0 } : {}),
    usesExternalOutput: job.usesExternalOutput,
    errorMessage: job.errorMessage,
    // An extra field beside the spec's: what the render cost, once Completed.
    ...(job.status === 'Completed' && job.cost ? { cost: job.cost } : {}),
    // An extra field beside the spec's: while Processing, the PDF pages painted so far.
    ...(job.status === 'Processing' ? { progress: { pagesDone: job.progress?.pagesDone ?? 0 } } : {}),
  }
}

export function isFinished(status: JobStatus): boolean {
  return status === 'Completed' || status === 'Failed' || status === 'Expired'
}
