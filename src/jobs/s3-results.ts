// Async results in S3-compatible object storage (AWS S3, MinIO, R2 …), shared by every node: one object
// per job under `results/`, handed out through a pre-signed GET that expires with the job. A PUT is
// atomic in S3, so no temporary names are needed. Expired objects are deleted by the job sweep.
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { S3Settings } from '../config.js'
import { EngineError, reason } from '../engine-error.js'
import type { ResultStore } from './result-store.js'

const PREFIX = 'results/'
/** SigV4 pre-signed addresses live at most 7 days. */
const MAX_PRESIGN_S = 7 * 24 * 3600
/** /ready asks object storage at most this often; answers in between repeat the last one. */
const PROBLEM_CHECK_MS = 5_000
/** An object younger than this may belong to a job whose node is about to record it: never an orphan. */
const ORPHAN_MIN_AGE_MS = 15 * 60 * 1000

export class S3Results implements ResultStore {
  private readonly client: S3Client
  private lastProblem: { at: number; answer: Promise<string | null> } | null = null

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    })
  }

  private key(file: string): string {
    if (!/^[0-9A-Za-z]+\.[a-z]{1,8}$/.test(file)) throw new Error(`not a result file name: ${file}`)
    return PREFIX + file
  }

  /** Start-up check: the bucket exists and these credentials may use it; else an EngineError naming the setting. */
  async check(): Promise<void> {
    const where = `${this.settings.endpoint ?? `AWS ${this.settings.region}`}`
    try {
      // A one-key listing rather than HeadBucket: the orphan sweep needs the List permission anyway,
      // and it answers NoSuchBucket / AccessDenied with a name on every S3-compatible server.
      // The prefix matches nothing, so the answer is small and never paginated.
      await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${PREFIX}.start-check`, MaxKeys: 1 }))
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
      const status = e.$metadata?.httpStatusCode
      if (status === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket') {
        throw new EngineError('S3_BUCKET', `bucket "${this.settings.bucket}" does not exist at ${where}`)
      }
      if (status === 403 || status === 401 || /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden/.test(e.name ?? '')) {
        throw new EngineError('S3_ACCESS_KEY_ID', `the credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) were refused for bucket "${this.settings.bucket}" at ${where} (${e.name ?? `HTTP ${status}`})`)
      }
      throw new EngineError(this.settings.endpoint ? 'S3_ENDPOINT' : 'S3_REGION', `cannot reach object storage at ${where}: ${reason(error)}`)
    }
  }

  async write(jobId: string, extension: string, bytes: Uint8Array, contentType: string): Promise<string> {
    const file = `${jobId}.${extension}`
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(file), Body: bytes, ContentType: contentType }))
    } catch (error) {
      this.lastProblem = null // a failed write is fresher news than the last check: the next /ready or start asks again
      throw error
    }
    return file
  }

  async exists(file: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(file) }))
      return true
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false
      throw error
    }
  }

  async open(file: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(file) }))
    return object.Body as Readable
  }

  async remove(file: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(file) }))
  }

  async list(): Promise<string[]> {
    const names: string[] = []
    const before = Date.now() - ORPHAN_MIN_AGE_MS
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: PREFIX, ContinuationToken: token }))
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified.getTime() < before) names.push(object.Key.slice(PREFIX.length))
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return names
  }

  async removeTemporary(): Promise<void> {}

  /** The start-up check again (its answer kept for a few seconds, and bounded in time, so /ready stays quick). */
  problem(): Promise<string | null> {
    const now = Date.now()
    if (this.lastProblem && now - this.lastProblem.at < PROBLEM_CHECK_MS) return this.lastProblem.answer
    const answer = Promise.race([
      this.check().then(() => null, (error: Error) => error.message),
      new Promise<string>((resolve) => setTimeout(() => resolve('object storage did not answer within 2 s'), 2_000).unref()),
    ])
    this.lastProblem = { at: now, answer }
    return answer
  }

  async presignedGet(file: string, download: { expiresAt: string; fileName: string; contentType: string }): Promise<string> {
    const seconds = Math.ceil((Date.parse(download.expiresAt) - Date.now()) / 1000)
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.key(file),
      ResponseContentType: download.contentType,
      ResponseContentDisposition: `attachment; filename="${download.fileName}"`,
    })
    return getSignedUrl(this.client, command, { expiresIn: Math.min(MAX_PRESIGN_S, Math.max(1, seconds)) })
  }

  close(): void {
    this.client.destroy()
  }
}
