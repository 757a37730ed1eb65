// The production start: bin/quire.js runs the esbuild bundle in dist/service (scripts/bundle-service.mjs), whose
// chunks find packages, views and the render worker from dist/service, not from the sources the other tests run.
// Each render below reaches a piece that a bundle can lose: the worker file, a package's data files (pdfkit),
// a native binary (sharp, resvg, libsql), a package loaded with require() on first use (svg-to-pdfkit,
// qrcode, bwip-js), a lazily imported chunk (the image and DOCX engines) and the project root (views, assets).
import t from 'tap'
import { execFile, execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { imageInfo, pdfText } from '../helpers/tools.js'
import { completedBytes } from '../plugins/async/async-client.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['pdftotext', 'unzip'] })

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BIN = join(ROOT, 'bin/quire.js')
const BUILT = existsSync(join(ROOT, 'dist/service/cli.js'))

// A real process loading every engine on a shared 2-core machine.
t.setTimeout(600_000)

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

t.test('bin/quire.js serve runs the bundle: /ready, then every format renders', { skip: !BUILT && 'run npm run build first' }, async (t) => {
  const dir = t.testdir()
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, RENDER_THREADS: '1', LOG_LEVEL: 'warn' }
  const child = spawn(BIN, ['serve'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stdout.on('data', (chunk) => { stdout += chunk })
  child.stderr.on('data', (chunk) => { stdout += chunk })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  t.teardown(() => { if (child.exitCode === null) child.kill('SIGKILL') })

  const deadline = Date.now() + 300_000
  let ready = 0
  // The CLI starts the render worker before the server listens: until it has warmed up, /ready says 503 and why.
  const notReady = new Set<string>()
  while (ready !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) t.fail(`no /ready: ${stdout}`)
    if (child.exitCode !== null || Date.now() > deadline) return
    const answer = await fetch(`${baseUrl}/ready`).then(async (r) => ({ status: r.status, body: await r.text() }), () => null)
    ready = answer?.status ?? 0
    if (answer && answer.status !== 200) notReady.add(`${answer.status} ${(JSON.parse(answer.body) as { reasons?: string[] }).reasons?.join('; ')}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  t.pass('/ready answers 200')
  // glibc reads its malloc settings from the environment as the process starts: bin/quire.js's first line sets them.
  const environment = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0')
  t.ok(environment.includes('MALLOC_ARENA_MAX=2'), 'the service runs with two malloc arenas (bin/quire.js)')
  t.equal(readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim(), 'node', 'env gave the process to node (no process in between)')
  t.same([...notReady].filter((answer) => answer !== '503 the render pool is still starting'), [], 'before that, only 503 "the render pool is still starting"')

  const templateId = /(tpl_[A-Za-z0-9_-]+)/.exec(stdout)?.[1]
  t.ok(templateId, 'the first start printed the sample template')
  const { stdout: keyOut } = await promisify(execFile)(BIN, ['keys', 'create', '--name', 'bundle'], { env, encoding: 'utf8' })
  const key = keyOut.trim().split('\n').at(-1)!
  const call = (path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) => fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.key === null ? {} : { 'x-api-key': init.key ?? key }), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const bytes = async (res: Response) => {
    t.equal(res.status, 200, res.url)
    return Buffer.from(await res.arrayBuffer())
  }

  const data = JSON.parse(readFileSync(join(dir, 'sample-invoice-data.json'), 'utf8'))
  t.match(pdfText(await bytes(await call(`/render/pdf/${templateId}`, { body: data }))), /INVOICE/, 'the sample invoice as PDF')
  t.match(await imageInfo(await bytes(await call(`/render/image/${templateId}`, { body: data }))), { format: 'png', width: 794 }, 'as PNG')

  const svg = '<svg width="200" height="40"><rect width="200" height="40" fill="#cde"/><text x="4" y="24">Drawn by svg-to-pdfkit</text></svg>'
  const html = `<p>Inline drawing:</p>${svg}`
  const fromHtml = await bytes(await call('/render/pdf/fromhtml', { body: { base64HtmlString: Buffer.from(html).toString('base64') } }))
  t.match(pdfText(fromHtml), /Drawn by svg-to-pdfkit/, 'an inline SVG drawn as vectors, its text set in the document fonts')

  const start = await call(`/render/async/docx/${templateId}`, { body: data })
  t.equal(start.status, 202)
  const { jobId } = (await start.json()) as { jobId: string }
  const docx = await completedBytes({ call, baseUrl, key }, jobId)
  const docxFile = join(dir, 'invoice.docx')
  writeFileSync(docxFile, docx.bytes)
  t.match(execFileSync('unzip', ['-p', docxFile, 'word/document.xml']).toString(), /INVOICE/, 'the sample invoice as DOCX, through the async queue')

  t.equal((await call('/docs/', { key: null })).status, 200, 'the API reference page is found from the bundle')
  t.equal((await call('/assets/app.css', { key: null })).status, 200, 'the web assets too')

  child.kill('SIGTERM')
  t.equal(await exited, 0, 'SIGTERM: exit 0')
})

t.test('bin/quire.js render runs the bundle: QR code and barcode from their packages', { skip: !BUILT && 'run npm run build first' }, async (t) => {
  const dir = t.testdir()
  writeFileSync(join(dir, 'codes.html'), '<p>{{ qrCode("https://example.com/42") }}</p><p>{{ barcode("QUIRE-42", "CODE128") }}</p>')
  const out = join(dir, 'codes.pdf')
  await promisify(execFile)(BIN, ['render', join(dir, 'codes.html'), '-o', out], { env: { ...process.env, DATA_DIR: dir }, encoding: 'utf8' })
  t.match(pdfText(readFileSync(out)), /QUIRE-42/, 'the barcode\'s human-readable line')
})
