// The body of a sync PDF render that is streamed as it is written (a PDF past STREAM_AFTER_PAGES pages,
// pool/render-follow.ts): the status and the headers known up front go first, the file's bytes as the worker
// paints them (chunked), and what is only known once the render has ended — its cost, its warnings, its time —
// as HTTP trailers declared in `Trailer:`. A render that fails once the body has begun cannot change its status
// any more: the response is cut off without chunked encoding's last chunk, which HTTP clients report as an
// error (curl: exit 18 "transfer closed with outstanding read data remaining"; fetch: "terminated"), never
// as a complete file (docs/api.md "Long documents: a streamed PDF body").
import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'

/** The response's headers that need the whole render: sent as trailers on a streamed body. */
export const TRAILER_NAMES = ['quire-cpu-ms', 'quire-pages', 'quire-bytes', 'quire-warnings', 'quire-warning-list', 'x-quire-render-ms'] as const

/** Base64 of a byte stream in pieces: each piece encodes whole groups of 3 bytes, the rest waits for the next. */
export class Base64Pieces {
  private rest = Buffer.alloc(0)
  next(bytes: Uint8Array): string {
    const all = this.rest.length ? Buffer.concat([this.rest, bytes]) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const whole = all.length - (all.length % 3)
    this.rest = Buffer.from(all.subarray(whole))
    return all.subarray(0, whole).toString('base64')
  }
  end(): string {
    const last = this.rest.toString('base64')
    this.rest = Buffer.alloc(0)
    return last
  }
}

export class StreamedBody {
  private readonly body = new PassThrough()
  private readonly trailers: Record<string, string> = {}
  private readonly base64: Base64Pieces | null

  /** Sends the reply's status and headers now, with the trailers declared; the bytes follow with write(). */
  constructor(reply: FastifyReply, asBase64: boolean) {
    this.base64 = asBase64 ? new Base64Pieces() : null
    for (const name of TRAILER_NAMES) reply.trailer(name, () => Promise.resolve(this.trailers[name] ?? ''))
    void reply.send(this.body)
  }

  write(bytes: Uint8Array): void {
    if (this.body.destroyed) return
    this.body.write(this.base64 ? this.base64.next(bytes) : bytes)
  }

  /** The last bytes, then the trailers (`figures`: the headers an unstreamed render would have had). */
  end(last: Uint8Array, figures: Record<string, string>): void {
    if (this.body.destroyed) return
    if (last.byteLength > 0) this.write(last)
    if (this.base64) this.body.write(this.base64.end())
    for (const name of TRAILER_NAMES) if (figures[name] !== undefined) this.trailers[name] = figures[name]
    this.body.end()
  }

  /** The render failed after the body began: the response is cut off (no last chunk), for the client to see. */
  fail(error: Error): void {
    this.body.destroy(error)
  }
}
