// HTTPS with a private CA, as webhooks and presigned uploads meet it: the CA comes from
// NODE_EXTRA_CA_CERTS, which Node reads once at startup, so the fetch runs in a child process.
import t from 'tap'
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['openssl'] })

const dir = mkdtempSync(join(tmpdir(), 'quire-tls-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Quire Test CA', '-keyout', 'ca.key', '-out', 'ca.pem',
  '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign')
ssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'server.key', '-out', 'server.csr')
writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n')
ssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-out', 'server.pem', '-extfile', 'san.ext')

const server = https.createServer({ key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) }, (req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString(), host: req.headers.host })))
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
t.teardown(() => new Promise<void>((r) => server.close(() => r())))
const port = (server.address() as AddressInfo).port

const fetcher = fileURLToPath(new URL('../../../renderers/resources/guarded-fetch.ts', import.meta.url))
const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/esm/index.mjs', import.meta.url))

function fetchInChild(url: string, extraCa: string | null): Promise<unknown> {
  const code = `
    import { guardedFetch } from ${JSON.stringify(fetcher)}
    try {
      const res = await guardedFetch(${JSON.stringify(url)}, { allowHosts: ['localhost'], timeoutMs: 5000, maxBytes: 100000 },
        { method: 'PUT', body: 'uploaded bytes', headers: { 'content-type': 'application/pdf' } })
      console.log(JSON.stringify({ status: res.status, body: JSON.parse(res.bytes.toString()) }))
    } catch (e) { console.log(JSON.stringify({ error: e.kind, reason: e.reason })) }`
  const { NODE_EXTRA_CA_CERTS: _inherited, ...base } = process.env
  const env = extraCa ? { ...base, NODE_EXTRA_CA_CERTS: extraCa } : base
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { env, timeout: 30000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`))
      else resolve(JSON.parse(stdout.trim().split('\n').pop() ?? 'null'))
    })
  })
}

t.test('HTTPS PUT with a CA from NODE_EXTRA_CA_CERTS; SNI and Host are the hostname', async (t) => {
  const got = await fetchInChild(`https://localhost:${port}/upload?sig=1`, join(dir, 'ca.pem'))
  t.same(got, { status: 200, body: { method: 'PUT', body: 'uploaded bytes', host: `localhost:${port}` } })
})

t.test('without the CA the certificate is rejected', async (t) => {
  const got = await fetchInChild(`https://localhost:${port}/upload`, null) as { error: string; reason: string }
  t.equal(got.error, 'network')
  t.match(got.reason, /certificate|self.signed|UNABLE_TO/i)
})
