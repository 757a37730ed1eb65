// Polling and result fetching for async job tests, against any running Quire (in-process or child).
export interface Caller {
  call(path: string, init?: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> }): Promise<Response>
}

export interface JobStatusBody {
  jobId: string
  status: string
  templateId: string | null
  renderType: string
  createdAt: string
  expiresAt: string
  statusUrl: string
  resultUrl?: string
  completedAt: string | null
  elapsedTimeMs: number | null
  webhookDelivered: boolean | null
  webhookAttempts?: number
  usesExternalOutput: boolean
  errorMessage: string | null
}

export async function status(c: Caller, jobId: string, key?: string): Promise<JobStatusBody> {
  const res = await c.call(`/render/async/status/${jobId}`, { key })
  if (res.status !== 200) throw new Error(`status ${jobId}: HTTP ${res.status} ${await res.text()}`)
  return (await res.json()) as JobStatusBody
}

/** Polls until the job leaves Pending/Processing (or `until` holds), or fails the test after timeoutMs. */
export async function waitFor(c: Caller, jobId: string, until: (s: JobStatusBody) => boolean = (s) => s.status !== 'Pending' && s.status !== 'Processing', timeoutMs = 120_000): Promise<JobStatusBody> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const s = await status(c, jobId)
    if (until(s)) return s
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${s.status} after ${timeoutMs} ms: ${JSON.stringify(s)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** GET result without following: the 302 and its Location; then the download with the key carried along. */
export async function result(c: { baseUrl: string; key: string }, jobId: string, key: string = c.key) {
  const redirect = await fetch(`${c.baseUrl}/render/async/result/${jobId}`, { headers: { 'x-api-key': key }, redirect: 'manual' })
  return { redirect, location: redirect.headers.get('location') }
}

/** Start → Completed → 302 → the bytes (following the redirect with the key, as the spec says clients do). */
export async function completedBytes(c: Caller & { baseUrl: string; key: string }, jobId: string): Promise<{ bytes: Buffer; type: string | null; final: JobStatusBody }> {
  const final = await waitFor(c, jobId)
  if (final.status !== 'Completed') throw new Error(`job ${jobId} ended ${final.status}: ${final.errorMessage}`)
  const { redirect, location } = await result(c, jobId)
  if (redirect.status !== 302 || !location) throw new Error(`result ${jobId}: HTTP ${redirect.status} ${await redirect.text()}`)
  const res = await download(c, location)
  if (res.status !== 200) throw new Error(`download ${jobId}: HTTP ${res.status} ${await res.text()}`)
  return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type'), final }
}

export async function download(c: { baseUrl: string; key: string }, location: string, withKey = true): Promise<Response> {
  return fetch(new URL(location, c.baseUrl), { headers: withKey ? { 'x-api-key': c.key } : {} })
}
