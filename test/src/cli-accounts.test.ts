// The operator's account commands, run as an operator would (the real CLI in a child process, a real SQLite
// store in DATA_DIR): users create / passwd / list and keys list, with the one password policy; plus
// --version, --format docx, and runtime errors that print one line (the usage only for a wrong command line).
import t from 'tap'
import { execFile, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { openStore } from '../../src/store/index.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['unzip'] })

t.setTimeout(300_000)
const run = promisify(execFile)
const CLI = new URL('../../src/cli.ts', import.meta.url).pathname
const cli = (args: string[], dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' })
const failed = (args: string[], dataDir: string) => cli(args, dataDir).then(() => { throw new Error(`quire ${args.join(' ')} succeeded`) }, (e) => e as { code: number; stderr: string })

/** Runs the CLI with `input` on its stdin. */
function cliWithInput(args: string[], dataDir: string, input: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir } })
    let stdout = ''
    child.stdout.on('data', (chunk) => { stdout += chunk })
    child.on('close', (code) => resolve({ code: code ?? -1, stdout }))
    child.stdin.end(input)
  })
}

t.test('users create, passwd and list follow one password policy; passwd ends the sessions', async (t) => {
  const dir = t.testdir()
  const short = await failed(['users', 'create', '--email', 'ada@example.com', '--password', 'short', '--role', 'admin'], dir)
  t.equal(short.code, 2)
  t.match(short.stderr, /^quire: --password: choose a password of at least 8 characters\n$/, 'the web interface\'s rule, in one line')
  await cli(['users', 'create', '--email', 'ada@example.com', '--password', 'first password', '--role', 'admin'], dir)
  await cli(['users', 'create', '--email', 'bob@example.com', '--password', 'bob password', '--role', 'editor'], dir)

  const store = await openStore(dir, null)
  const bob = (await store.users.list((await store.accounts.ensure('default')).id)).find((u) => u.email === 'bob@example.com')!
  await store.sessions.create(bob)
  await store.close()

  const list = await cli(['users', 'list'], dir)
  t.match(list.stdout, /^EMAIL\s+ROLE\s+ID\s+CREATED\n/)
  t.match(list.stdout, /ada@example\.com\s+admin\s+usr_\w+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/)
  t.match(list.stdout, /bob@example\.com\s+editor/)

  const tooShort = await failed(['users', 'passwd', '--email', 'bob@example.com', '--password', '1234567'], dir)
  t.match(tooShort.stderr, /at least 8 characters/)
  const nobody = await failed(['users', 'passwd', '--email', 'eve@example.com', '--password', 'long enough'], dir)
  t.equal(nobody.code, 2)
  t.match(nobody.stderr, /^quire: no user eve@example\.com in account "default" \(quire users list\)\n$/)

  const fromStdin = await cliWithInput(['users', 'passwd', '--email', 'BOB@example.com', '--password', '-'], dir, 'new bob password\n')
  t.equal(fromStdin.code, 0)
  t.match(fromStdin.stdout, /Set a new password for bob@example\.com \(usr_\w+\); 1 session ended\./)
  const after = await openStore(dir, null)
  t.teardown(() => after.close())
  t.ok(await after.users.verify('bob@example.com', 'new bob password'), 'the password from stdin is set (without its newline)')
  t.notOk(await after.users.verify('bob@example.com', 'bob password'))
})

t.test('keys list: name, id, prefix, created and last used — never the key', async (t) => {
  const dir = t.testdir()
  t.match((await cli(['keys', 'list'], dir)).stdout, /No API keys in account "default"/)
  const created = await cli(['keys', 'create', '--name', 'billing'], dir)
  const key = created.stdout.trim().split('\n').at(-1)!
  await cli(['keys', 'create', '--name', 'reports'], dir)
  const store = await openStore(dir, null)
  t.ok(await store.apiKeys.authenticate(key), 'the key is used once')
  await store.apiKeys.flushUsage()
  await store.close()

  const { stdout } = await cli(['keys', 'list'], dir)
  t.match(stdout, /^NAME\s+ID\s+PREFIX\s+CREATED\s+LAST USED\n/)
  t.match(stdout, new RegExp(`billing\\s+key_\\w+\\s+${key.slice(0, 10)}…\\s+\\S+ \\S+\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ`), 'billing was used')
  t.match(stdout, /reports\s+key_\w+\s+qk_\w+…\s+\S+ \S+\s+never/)
  t.notMatch(stdout, key, 'the key itself is never printed')
})

t.test('--version, --format docx, and one line for a runtime error', async (t) => {
  const dir = t.testdir({ 'letter.html': '<h1>Dear {{ name }}</h1><p>Thank you.</p>', 'data.json': '{"name":"Ada"}' })
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  t.equal((await cli(['--version'], dir)).stdout, `${pkg.version}\n`)

  const out = join(dir, 'letter.docx')
  await cli(['render', join(dir, 'letter.html'), '--data', join(dir, 'data.json'), '--format', 'docx', '-o', out], dir)
  const documentXml = execFileSync('unzip', ['-p', out, 'word/document.xml'], { encoding: 'utf8' })
  t.match(documentXml, /Dear Ada/, 'a Word document with the filled-in text')

  const missing = await failed(['render', join(dir, 'nope.html'), '-o', out], dir)
  t.equal(missing.code, 2)
  t.match(missing.stderr, /^quire: cannot read .*nope\.html: ENOENT[^\n]*\n$/, 'one line, no usage')
  const wrong = await failed(['render', join(dir, 'letter.html'), '--format', 'gif', '-o', out], dir)
  t.match(wrong.stderr, /--format must be pdf, png, jpeg, txt or docx\n\nUsage:/, 'a wrong command line shows the usage')
})
