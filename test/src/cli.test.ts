import t from 'tap'
import { execFile, spawn } from 'node:child_process'
import { readdirSync, writeFileSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { imageInfo, pdfInfo, pdfText } from '../helpers/tools.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdftotext'] })

const run = promisify(execFile)

// Child processes on a shared 2-core machine: allow more than the default.
t.setTimeout(600_000)
const CLI = new URL('../../src/cli.ts', import.meta.url).pathname
const cli = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' })

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

t.test('quire render: a local render without a server', async (t) => {
  const dir = t.testdir({
    'invoice.html': '<h1>Invoice {{ n }}</h1>{% for i in items %}<p>{{ forloop.index }}. {{ i }}</p>{% endfor %}',
    'data.json': JSON.stringify({ n: 7, items: ['apples', 'pears'] }),
    'settings.json': JSON.stringify({ paper: { size: 'A5' } }),
  })
  const out = join(dir, 'out.pdf')
  const { stdout } = await cli(['render', join(dir, 'invoice.html'), '--data', join(dir, 'data.json'), '--settings', join(dir, 'settings.json'), '-o', out], { DATA_DIR: dir })
  t.match(stdout, /Wrote .*out\.pdf/)
  const text = pdfText(readFileSync(out))
  t.match(text, /Invoice 7/)
  t.match(text, /2\. pears/)
  await cli(['render', join(dir, 'invoice.html'), '--data', join(dir, 'data.json'), '--format', 'png', '-o', join(dir, 'out.png')], { DATA_DIR: dir })
  t.match(await imageInfo(readFileSync(join(dir, 'out.png'))), { format: 'png', width: 794 })
  await cli(['render', join(dir, 'invoice.html'), '--data', join(dir, 'data.json'), '--format', 'txt', '-o', join(dir, 'out.txt')], { DATA_DIR: dir })
  t.match(readFileSync(join(dir, 'out.txt'), 'utf8'), /1\. apples/)

  writeFileSync(join(dir, 'bad.json'), '{ nope')
  const bad = await cli(['render', join(dir, 'invoice.html'), '--data', join(dir, 'bad.json'), '-o', out], { DATA_DIR: dir }).catch((e) => e)
  t.equal(bad.code, 2)
  t.match(bad.stderr, /data file .*bad\.json is not valid JSON/)
  const unknown = await cli(['frobnicate'], { DATA_DIR: dir }).catch((e) => e)
  t.equal(unknown.code, 2)
  t.match(unknown.stderr, /unknown command "frobnicate"/)
})

t.test('quire render: a tall box inside an overflow clip prints one page, as in Chromium', async (t) => {
  const dir = t.testdir({ 'clip.html': '<div style="height:100px;overflow:hidden"><div style="height:5000px">tall</div></div><p>end</p>' })
  const out = join(dir, 'clip.pdf')
  await cli(['render', join(dir, 'clip.html'), '-o', out], { DATA_DIR: dir })
  const pdf = readFileSync(out)
  t.equal(pdfInfo(pdf).Pages, '1')
  t.match(pdfText(pdf), /end/)
})

t.test('quire render: --width, --height and --scale for images; a long document makes a full-page PNG', async (t) => {
  const rows = Array.from({ length: 700 }, (_, i) => `<p style="margin:0;line-height:20px">Row ${i + 1}</p>`).join('')
  const dir = t.testdir({ 'long.html': `<!DOCTYPE html><body style="margin:0">${rows}</body>`, 'data.json': '{}' })
  const png = join(dir, 'shot.png')
  await cli(['render', join(dir, 'long.html'), '--format', 'png', '--width', '400', '--height', '300', '--scale', '2', '-o', png], { DATA_DIR: dir })
  t.match(await imageInfo(readFileSync(png)), { format: 'png', width: 800, height: 600 }, 'a 400×300 viewport at scale 2')
  // 14,000 px tall: over the old 10,000 px side limit, far below the 50 M pixel budget (as Chromium's screenshots).
  const full = join(dir, 'full.png')
  await cli(['render', join(dir, 'long.html'), '--format', 'png', '--width', '600', '-o', full], { DATA_DIR: dir })
  t.match(await imageInfo(readFileSync(full)), { width: 600, height: 14000 })
  const bad = await cli(['render', join(dir, 'long.html'), '--format', 'png', '--scale', '20', '-o', png], { DATA_DIR: dir }).catch((e) => e)
  t.equal(bad.code, 2, 'a wrong value is the input\'s mistake (exit 2), said in one line')
  t.notMatch(bad.stderr, /Usage:/)
  t.match(bad.stderr, /scale must be a number from 0\.1 to 8; got "20"/)
  const pdf = await cli(['render', join(dir, 'long.html'), '--width', '400', '-o', join(dir, 'x.pdf')], { DATA_DIR: dir }).catch((e) => e)
  t.equal(pdf.code, 2)
  t.match(pdf.stderr, /--width, --height and --scale apply to --format png or jpeg/)
})

t.test('a new user: serve on an empty DATA_DIR, create a key, render the sample invoice with it', async (t) => {
  const dir = t.testdir()
  const port = await freePort()
  const env = { DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', RENDER_THREADS: '1' }
  const server = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => { server.kill('SIGKILL') })
  let log = ''
  server.stdout.on('data', (chunk) => { log += chunk })
  server.stderr.on('data', (chunk) => { log += chunk })
  const deadline = Date.now() + 30_000
  // The banner follows the listening line (the sample data file is written first).
  while (!/quire keys create/.test(log) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  t.match(log, /sample invoice template (tpl_\w+)/, 'first start logs the sample template')
  t.match(log, /quire keys create/, 'and how to get a key')
  const templateId = /sample invoice template (tpl_\w+)/.exec(log)![1]
  const dataFile = /-d @(\S+)/.exec(log)![1]

  const { stdout } = await cli(['keys', 'create', '--name', 'first'], env)
  const key = stdout.trim().split('\n').at(-1)!
  t.match(key, /^qk_[A-Za-z0-9]{40}$/, 'the key is the last line')

  const data = readFileSync(dataFile, 'utf8')
  const res = await fetch(`http://127.0.0.1:${port}/render/pdf/${templateId}`, {
    method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: data,
  })
  t.equal(res.status, 200)
  t.match(pdfText(new Uint8Array(await res.arrayBuffer())), /Invoice/i)

  const { stdout: userOut } = await cli(['users', 'create', '--email', 'Ada@Example.com', '--password', 'correct horse', '--role', 'admin'], env)
  t.match(userOut, /Created admin ada@example\.com/)
  const badRole = await cli(['users', 'create', '--email', 'b@example.com', '--password', 'x', '--role', 'owner'], env).catch((e) => e)
  t.equal(badRole.code, 2)
  t.match(badRole.stderr, /--role must be admin or editor/)
})

t.test('quire render TEMPLATE --data rows.jsonl -o DIR/: one file per row, bad rows reported by line', async (t) => {
  const dir = t.testdir({
    'letter.html': '<h1>Dear {{ name }}</h1><p>Order {{ order }}</p>',
    'rows.jsonl': [
      JSON.stringify({ name: 'Ada', order: 1 }),
      JSON.stringify({ name: 'Grace', order: 2 }),
      '{ not json',
      '',
      JSON.stringify([1, 2]),
      JSON.stringify({ name: 'Linus', order: 5 }),
    ].join('\n'),
    'rows.json': JSON.stringify([{ name: 'Ken', order: 7 }, { name: 'Dennis', order: 8 }]),
  })
  const out = join(dir, 'out') + '/'
  const failed = await cli(['render', join(dir, 'letter.html'), '--data', join(dir, 'rows.jsonl'), '--name', 'letter-{{ order }}-{{ name | downcase }}', '-o', out], { DATA_DIR: dir, RENDER_THREADS: '1' }).catch((e) => e)
  t.equal(failed.code, 1, 'exit code 1: some rows failed')
  t.match(failed.stderr, /rows\.jsonl:3: not valid JSON/)
  t.match(failed.stderr, /rows\.jsonl:5: the row is an array, not a JSON object/)
  t.match(failed.stdout, /Rendered 3 of 5 rows to .*out\/ in [\d.]+ s \([\d.]+ files\/s\); 2 failed\./, 'summary line when not on a terminal')
  t.same(readdirSync(out).sort(), ['letter-1-ada.pdf', 'letter-2-grace.pdf', 'letter-5-linus.pdf'])
  t.match(pdfText(readFileSync(join(out, 'letter-5-linus.pdf'))), /Dear Linus/)

  // A .json array; names default to the row number; PNG.
  const png = join(dir, 'png') + '/'
  const ok = await cli(['render', join(dir, 'letter.html'), '--data', join(dir, 'rows.json'), '--format', 'png', '-o', png], { DATA_DIR: dir, RENDER_THREADS: '1' })
  t.match(ok.stdout, /Rendered 2 of 2 rows/)
  t.same(readdirSync(png).sort(), ['1.png', '2.png'])
  t.match(await imageInfo(readFileSync(join(png, '2.png'))), { format: 'png' })
})

t.test('quire --help loads nothing heavy (no server, store or engine module)', async (t) => {
  // A resolve hook that names every module the command loads.
  const dir = t.testdir({
    'hooks.mjs': "export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('LOADED ' + r.url + '\\n'); return r }",
    'register.mjs': "import { register } from 'node:module'; register('./hooks.mjs', import.meta.url)",
  })
  const started = performance.now()
  const { stdout, stderr } = await run(process.execPath, ['--import', join(dir, 'register.mjs'), '--import', 'tsx', CLI, '--help'], { encoding: 'utf8' })
  t.comment(`quire --help from the sources through tsx: ${(performance.now() - started).toFixed(0)} ms`)
  t.match(stdout, /quire render TEMPLATE --data rows\.jsonl/)
  const loaded = stderr.split('\n').filter((l) => l.startsWith('LOADED ') && !l.includes('/tsx/'))
  t.ok(loaded.some((l) => l.includes('src/config.ts')), 'the hook saw the CLI\'s modules')
  t.notOk(loaded.some((l) => /node_modules\/(fastify|kysely|libsql|piscina|pdfkit|fontkit|liquidjs|sharp)\//.test(l)), 'no service or engine module loaded')
})
