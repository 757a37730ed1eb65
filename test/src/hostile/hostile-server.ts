// A real `quire serve` process on a free port and a temporary DATA_DIR, with the calls the hostile-input
// regressions make: raw-HTML renders, saved templates, async jobs, and the check that it still serves.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import { createKey, startChild, type ChildServer } from '../../plugins/async/child-server.js'

export interface HostileServer extends ChildServer {
  /** POST /render/{format}/fromhtml with the HTML Base64-encoded. */
  html(format: 'pdf' | 'image' | 'txt', html: string, extra?: Record<string, unknown>): Promise<Response>
  /** A saved, published template holding `html`; resolves to its id. */
  template(html: string): Promise<string>
  /** Starts an async raw-HTML job and polls until it ends; resolves to the final status object. */
  asyncHtml(format: 'pdf' | 'image', html: string, timeoutMs?: number): Promise<Record<string, unknown>>
  /** A small render succeeds within `withinMs` and the process is still running. */
  stillServes(t: Test, withinMs?: number): Promise<void>
}

export async function startHostileServer(t: Test, env: Record<string, string> = {}): Promise<HostileServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-hostile-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const key = await createKey(dataDir)
  // Bursts here test memory and budgets, not admission: a render queue this loaded machine cannot time out.
  const child = await startChild(t, dataDir, key, { RENDER_MAX_QUEUE_MS: '600000', ...env })
  const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')
  const server: HostileServer = {
    ...child,
    html: (format, html, extra = {}) => child.call(`/render/${format}/fromhtml`, { body: { base64HtmlString: b64(html), ...extra } }),
    async template(html) {
      const created = await child.call('/api/v1/templates', { body: { name: 'hostile', html } })
      if (created.status !== 201 && created.status !== 200) throw new Error(`template create: ${created.status} ${await created.text()}`)
      const { id } = (await created.json()) as { id: string }
      const version = await child.call(`/api/v1/templates/${id}/versions`, { body: { publish: true } })
      if (version.status >= 300) throw new Error(`template publish: ${version.status} ${await version.text()}`)
      return id
    },
    async asyncHtml(format, html, timeoutMs = 60_000) {
      const start = await child.call(`/render/async/${format}/fromhtml`, { body: { base64HtmlString: b64(html) } })
      if (start.status !== 202) throw new Error(`async start: ${start.status} ${await start.text()}`)
      const { jobId } = (await start.json()) as { jobId: string }
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const status = (await (await child.call(`/render/async/status/${jobId}`)).json()) as Record<string, unknown>
        if (status.status === 'Completed' || status.status === 'Failed') return status
        if (Date.now() > deadline) throw new Error(`job ${jobId} still ${String(status.status)} after ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    async stillServes(t, withinMs = 5_000) {
      t.equal(child.process.exitCode, null, 'the server process is still running')
      const started = Date.now()
      const res = await server.html('pdf', '<p>still here</p>')
      const ms = Date.now() - started
      t.equal(res.status, 200, 'an ordinary render still succeeds')
      t.ok(ms < withinMs, `… within ${withinMs} ms (took ${ms} ms)`)
      await res.arrayBuffer()
    },
  }
  return server
}

/** The problem+json body of a response, for matching `status` and `code`. */
export async function problem(res: Response): Promise<{ status: number; code?: string; error?: string; contentType: string | null }> {
  const text = await res.text()
  let body: { code?: string; error?: string } = {}
  try { body = JSON.parse(text) } catch { body = { error: text.slice(0, 200) } }
  return { status: res.status, code: body.code, error: body.error, contentType: res.headers.get('content-type') }
}
