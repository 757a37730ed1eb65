// The `quire` command line: serve, keys create, users create, render (locally, without a server).
import { readFile, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { loadConfig, ConfigError, type Config } from './config.js'
import { openStore } from './store/index.js'
import { startServer } from './server.js'

const USAGE = `Usage:
  quire serve                                   start the service (PORT, DATA_DIR, … from the environment)
  quire keys create --name NAME [--account A]   create an API key; the key is the last line printed
  quire users create --email E --password P --role admin|editor [--account A]
  quire render FILE [--data data.json] [--format pdf|png|jpeg|txt] [--settings settings.json]
                [--width PX] [--height PX] [--scale N] -o OUT   (--width/--height/--scale: png and jpeg)`

class UsageError extends Error {}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`)
  return value
}

async function readJson(path: string | undefined, what: string): Promise<unknown> {
  if (!path) return undefined
  const text = await readFile(path, 'utf8').catch((e: Error) => { throw new UsageError(`cannot read ${what} ${path}: ${e.message}`) })
  try {
    return JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${what} ${path} is not valid JSON: ${(e as Error).message}`)
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

async function usersCreate(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, account: { type: 'string' } },
  })
  const role = required(values.role, '--role')
  if (role !== 'admin' && role !== 'editor') throw new UsageError('--role must be admin or editor')
  const store = await openStore(config.dataDir, config.engines.databaseUrl)
  try {
    const account = await store.accounts.ensure(values.account ?? 'default')
    const user = await store.users.create({
      accountId: account.id, email: required(values.email, '--email'), password: required(values.password, '--password'), role,
    })
    console.log(`Created ${user.role} ${user.email} (${user.id}) in account "${account.name}".`)
  } finally {
    await store.close()
  }
}

async function render(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string' }, format: { type: 'string', default: 'pdf' }, settings: { type: 'string' }, output: { type: 'string', short: 'o' },
      width: { type: 'string' }, height: { type: 'string' }, scale: { type: 'string' },
    },
  })
  const file = required(positionals[0], 'FILE')
  const output = required(values.output, '-o')
  const format = values.format!
  if (!['pdf', 'png', 'jpeg', 'txt'].includes(format)) throw new UsageError('--format must be pdf, png, jpeg or txt')
  const image = { width: values.width, height: values.height, scale: values.scale }
  if ((format === 'pdf' || format === 'txt') && Object.values(image).some((v) => v !== undefined)) {
    throw new UsageError('--width, --height and --scale apply to --format png or jpeg')
  }
  const html = await readFile(file, 'utf8').catch((e: Error) => { throw new UsageError(`cannot read ${file}: ${e.message}`) })
  // Loaded only here: the engines (fonts, yoga, satori) must not sit in the service's main thread.
  const { renderLocally } = await import('./render/local-render.js')
  const bytes = await renderLocally(config, {
    html,
    format: format as 'pdf' | 'png' | 'jpeg' | 'txt',
    data: (await readJson(values.data, 'data file')) ?? {},
    settings: await readJson(values.settings, 'settings file'),
    image,
  })
  await writeFile(output, bytes)
  console.log(`Wrote ${output} (${bytes.byteLength} bytes).`)
}

async function main(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv
  const config = loadConfig()
  if (command === 'serve') return void (await startServer(config))
  if (command === 'keys' && sub === 'create') return keysCreate(config, rest)
  if (command === 'users' && sub === 'create') return usersCreate(config, rest)
  if (command === 'render') return render(config, sub === undefined ? [] : [sub, ...rest])
  if (command === undefined || command === 'help' || command === '--help') return void console.log(USAGE)
  throw new UsageError(`unknown command "${[command, sub].filter(Boolean).join(' ')}"`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || (error as { code?: string })?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`quire: ${(error as Error).message}\n\n${USAGE}`)
    process.exit(2)
  }
  const e = error as { code?: string; message?: string }
  console.error(`quire: ${e.code ? `${e.code}: ` : ''}${e.message ?? String(error)}`)
  process.exit(1)
})
