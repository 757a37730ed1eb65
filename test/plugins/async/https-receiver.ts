// A loopback HTTPS server that records every request and answers what the test tells it to, per path.
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'
import type { TestCa } from './test-ca.js'

export interface Received { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer; at: number }
export type Responder = (req: Received) => { status: number; body?: string; delayMs?: number }

export interface Receiver { url: (path: string) => string; received: Received[]; on: (path: string, respond: Responder) => void }

export async function httpsReceiver(t: Test, ca: TestCa): Promise<Receiver> {
  const received: Received[] = []
  const routes = new Map<string, Responder>()
  const server = createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]
      const entry: Received = { method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() }
      received.push(entry)
      const answer = (routes.get(path) ?? ((): ReturnType<Responder> => ({ status: 404 })))(entry)
      setTimeout(() => res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? ''), answer.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }))
  const { port } = server.address() as AddressInfo
  return { url: (path) => `https://127.0.0.1:${port}${path}`, received, on: (path, respond) => routes.set(path, respond) }
}
