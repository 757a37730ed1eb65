// The `quire` command line: serve, keys, users, render (locally, without a server), import, export.
// Start-up matters (`quire --help` ≤ 0.3 s, batches from scripts): only node built-ins and config load
// here; the store, the server and the engines are imported by the command that needs them.
// A mistake in the command line prints the usage; a failure while running prints one line naming it.
import { readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig, ConfigError, type Config } from './config.js'
import { EngineError } from './engine-error.js'
import { passwordProblem } from './password-policy.js'
import { projectRoot } from './project-root.js'

const openStore = async (dataDir: string, databaseUrl: string | null) => (await import('./store/index.js')).openStore(dataDir, databaseUrl)

const USAGE = `Usage:
  quire serve                                   start the service (PORT, DATA_DIR, … from the environment)
  quire keys create --name NAME [--account A]   create an API key; the key is the last line printed
  quire keys list [--account A]                 the account's keys: name, id, prefix, created, last used (never the key)
  quire users create --email E --password P --role admin|editor [--account A]
  quire users passwd --email E --password P [--account A]
                                                set a user's password (--password - reads it from stdin) and end
                                                their sessions; passwords have at least 8 characters
  quire users list [--account A]                the account's web-interface users: email, role, id, created
  quire render FILE [--data data.json] [--format pdf|png|jpeg|txt|docx] [--settings settings.json]
                 [--width PX] [--height PX] [--scale N] -o OUT   (--width/--height/--scale: png and jpeg)
  quire render TEMPLATE --data rows.jsonl|rows.json [--format F] [--name PATTERN] [--settings S] -o DIR/
                                                one file per data row, on the render pool; PATTERN is Liquid
                                                over the row (default: the row number), e.g. "invoice-{{ number }}"
  quire import FILE [--account A]               import a bundle of templates and content blocks (docs/templateto.md)
  quire export FILE [--account A]               write the account's templates and content blocks as a bundle
  quire --version                               the version of this Quire`

const FORMATS = ['pdf', 'png', 'jpeg', 'txt', 'docx'] as const
type Format = (typeof FORMATS)[number]

/** The command line itself is wrong: the message, then the usage. */
class UsageError extends Error {
  override name = 'UsageError'
}

/** The command was right but its input was not (a file, its JSON, a user): the message alone, exit 2. */
class InputError extends Error {
  override name = 'InputError'
}

function version(): string {
  return (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version
}

/** A password from --password, or from the first line of stdin for `--password -` (kept out of ps and shell history). */
async function passwordArgument(value: string | undefined): Promise<string> {
  const given = required(value, '--password')
  if (given !== '-') return given
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0]
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password)
  if (problem) throw new InputError(`--password: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`)
}

const date = (iso: string | null) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : 'never')

/** Rows as aligned columns, with a header line. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  return [header, ...rows].map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n')
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`)
  return value
}

async function readJson(path: string | undefined, what: string): Promise<unknown> {
  if (!path) return undefined
  const text = await readFile(path, 'utf8').catch((e: Error) => { throw new InputError(`cannot read ${what} ${path}: ${e.message}`) })
  try {
    return JSON.parse(text)
  } catch (e) {
    throw new InputError(`${what} ${path} is not valid JSON: ${(e as Error).message}`)
  }
}

async function keysCreate(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { name: { type: 'string' }, account: { type: 'string' } } })
  const name = required(values.name, '--name')
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const { key, record } = await store.apiKeys.create(account.id, name)
    console.log(`Created API key "${record.name}" (${record.id}, prefix ${record.prefix}) for account "${account.name}".`)
    console.log('It is shown only this once; keep it secret and use it server-side as the X-Api-Key header:')
    console.log(key)
  } finally {
    await store.close()
  }
}

async function keysList(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { account: { type: 'string' } } })
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const keys = await store.apiKeys.list(account.id)
    if (keys.length === 0) return void console.log(`No API keys in account "${account.name}" (quire keys create --name NAME).`)
    console.log(table(['NAME', 'ID', 'PREFIX', 'CREATED', 'LAST USED'], keys.map((k) => [k.name, k.id, `${k.prefix}…`, date(k.createdAt), date(k.lastUsedAt)])))
  } finally {
    await store.close()
  }
}

async function usersCreate(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, account: { type: 'string' } },
  })
  const role = required(values.role, '--role')
  if (role !== 'admin' && role !== 'editor') throw new UsageError('--role must be admin or editor')
  const email = required(values.email, '--email')
  const password = await passwordArgument(values.password)
  checkPassword(password)
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const user = await store.users.create({ accountId: account.id, email, password, role })
    console.log(`Created ${user.role} ${user.email} (${user.id}) in account "${account.name}".`)
  } finally {
    await store.close()
  }
}

async function usersPasswd(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' }, account: { type: 'string' } } })
  const email = required(values.email, '--email').trim().toLowerCase()
  const password = await passwordArgument(values.password)
  checkPassword(password)
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const user = (await store.users.list(account.id)).find((u) => u.email === email)
    if (!user) throw new InputError(`no user ${email} in account "${account.name}" (quire users list)`)
    await store.users.setPassword(account.id, user.id, password)
    const ended = await store.sessions.removeForUser(user.id)
    console.log(`Set a new password for ${user.email} (${user.id}); ${ended} session${ended === 1 ? '' : 's'} ended.`)
  } finally {
    await store.close()
  }
}

async function usersList(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { account: { type: 'string' } } })
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const users = await store.users.list(account.id)
    if (users.length === 0) return void console.log(`No users in account "${account.name}" (quire users create --email E --password P --role admin).`)
    console.log(table(['EMAIL', 'ROLE', 'ID', 'CREATED'], users.map((u) => [u.email, u.role, u.id, date(u.createdAt)])))
  } finally {
    await store.close()
  }
}

async function render(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string' }, format: { type: 'string', default: 'pdf' }, settings: { type: 'string' },
      output: { type: 'string', short: 'o' }, name: { type: 'string' },
      width: { type: 'string' }, height: { type: 'string' }, scale: { type: 'string' },
    },
  })
  const file = required(positionals[0], 'FILE')
  const output = required(values.output, '-o')
  const format = values.format! as Format
  if (!FORMATS.includes(format)) throw new UsageError('--format must be pdf, png, jpeg, txt or docx')
  const image = { width: values.width, height: values.height, scale: values.scale }
  if (format !== 'png' && format !== 'jpeg' && Object.values(image).some((v) => v !== undefined)) {
    throw new UsageError('--width, --height and --scale apply to --format png or jpeg')
  }
  const html = await readFile(file, 'utf8').catch((e: Error) => { throw new InputError(`cannot read ${file}: ${e.message}`) })
  // A directory as output (DIR/ or an existing one): one file per data row.
  const { isBatchOutput, renderBatch } = await import('./render/render-batch.js')
  if (values.name !== undefined || (await isBatchOutput(output))) {
    const failed = await renderBatch(config, {
      html,
      format,
      dataFile: required(values.data, '--data'),
      outputDir: output,
      namePattern: values.name,
      settings: await readJson(values.settings, 'settings file'),
    })
    if (failed > 0) process.exitCode = 1
    return
  }
  // Loaded only here: the engines (fonts, yoga, resvg, pdfkit) must not sit in the service's main thread.
  const { renderLocally } = await import('./render/local-render.js')
  const { bytes, warnings } = await renderLocally(config, {
    html,
    format,
    data: (await readJson(values.data, 'data file')) ?? {},
    settings: await readJson(values.settings, 'settings file'),
    image,
  })
  await writeFile(output, bytes)
  console.log(`Wrote ${output} (${bytes.byteLength} bytes).`)
  if (warnings.length > 0) console.warn(`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:\n${warnings.map((w) => `  - ${w}`).join('\n')}`)
}

async function importFile(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { account: { type: 'string' } } })
  const bundle = await readJson(required(positionals[0], 'FILE'), 'bundle')
  const { importBundle } = await import('./bundle/import-bundle.js')
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const report = await importBundle(store, account.id, bundle).catch((e: Error) => {
      throw e.name === 'BundleFormatError' ? new InputError(`invalid bundle: ${e.message}`) : e
    })
    for (const item of report.items) {
      const name = item.newName ? `"${item.name}" → "${item.newName}"` : `"${item.name}"`
      console.log(`${item.outcome.padEnd(8)} ${item.kind.padEnd(8)} ${item.id} ${name}${item.versions !== undefined ? ` (${item.versions} versions)` : ''}${item.reason ? `: ${item.reason}` : ''}`)
    }
    if (report.committed) console.log(`${report.imported} imported, ${report.renamed} renamed (account "${account.name}").`)
    else console.log(`Nothing imported: ${report.refused} refused, ${report.skipped} skipped (account "${account.name}"); an import is all or nothing.`)
    if (!report.committed) process.exitCode = 1
  } finally {
    await store.close()
  }
}

async function exportFile(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { account: { type: 'string' } } })
  const file = required(positionals[0], 'FILE')
  const { exportBundle } = await import('./bundle/export-bundle.js')
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const bundle = await exportBundle(store, account.id)
    await writeFile(file, JSON.stringify(bundle, null, 2))
    console.log(`Wrote ${file}: ${bundle.templates.length} templates, ${bundle.blocks.length} content blocks.`)
  } finally {
    await store.close()
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return void console.log(USAGE)
  if (command === '--version' || command === '-v' || command === 'version') return void console.log(version())
  // The AWS SDK warns on every start under Node 20 that its 2027 releases need Node 22: an upgrade note
  // (docs/scaling.md), not a start-up message; left on, it would bury the one line a bad S3 setting prints.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const config = loadConfig()
  if (command === 'serve') {
    // The render worker starts first: it loads its engines on its own thread while this one loads the server
    // and opens the store, so /ready waits for the longer of the two instead of their sum; the worker's warm-up
    // render follows /ready (docs/operations.md#start-up-and-memory).
    const { RenderPool } = await import('../pool/index.js')
    const pool = new RenderPool(config.pool)
    return void (await (await import('./server.js')).startServer(config, { pool }))
  }
  if (command === 'keys' && sub === 'create') return keysCreate(config, rest)
  if (command === 'keys' && sub === 'list') return keysList(config, rest)
  if (command === 'users' && sub === 'create') return usersCreate(config, rest)
  if (command === 'users' && sub === 'passwd') return usersPasswd(config, rest)
  if (command === 'users' && sub === 'list') return usersList(config, rest)
  if (command === 'render') return render(config, sub === undefined ? [] : [sub, ...rest])
  if (command === 'import') return importFile(config, sub === undefined ? [] : [sub, ...rest])
  if (command === 'export') return exportFile(config, sub === undefined ? [] : [sub, ...rest])
  if (command === undefined || command === 'help' || command === '--help') return void console.log(USAGE)
  throw new UsageError(`unknown command "${[command, sub].filter(Boolean).join(' ')}"`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const code = (error as { code?: string })?.code
  if (error instanceof UsageError || code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' || code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    console.error(`quire: ${(error as Error).message}\n\n${USAGE}`)
    process.exit(2)
  }
  if (error instanceof InputError || (error as Error)?.name === 'InputError' || error instanceof ConfigError || code === 'QUIRE_ERR_REQUEST_INVALID' || code === 'QUIRE_ERR_USER_EMAIL_TAKEN') {
    // The input or a setting is wrong, not the command line: the one line says which (quire --help lists commands).
    console.error(`quire: ${(error as Error).message}`)
    process.exit(2)
  }
  if (error instanceof EngineError) {
    // One line naming the setting; the process ends before anything listens.
    console.error(`quire: ${error.message}`)
    process.exit(1)
  }
  const e = error as { code?: string; message?: string }
  console.error(`quire: ${e.code ? `${e.code}: ` : ''}${e.message ?? String(error)}`)
  process.exit(1)
})
