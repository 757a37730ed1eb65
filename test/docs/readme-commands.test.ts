// The README's command-line table lists every command `quire --help` prints (src/cli.ts's usage text), so a
// command added to the CLI without a line in the README fails here.
import t from 'tap'
import { readFileSync } from 'node:fs'

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')

t.test('every command of the usage text is in the README', async (t) => {
  const usage = /const USAGE = `([^`]*)`/.exec(read('src/cli.ts'))?.[1] ?? ''
  // "quire keys create", "quire render FILE", "quire render TEMPLATE", "quire --version": the command and its first word.
  const commands = [...usage.matchAll(/^ {2}(quire (?:--[a-z]+|[a-z]+(?: [a-zA-Z]+)?))/gm)].map((m) => m[1])
  t.ok(commands.length >= 10, `${commands.length} commands in the usage text`)
  const table = read('README.md').split('\n').filter((line) => line.startsWith('| `quire'))
  for (const command of commands) t.ok(table.some((line) => line.includes(command)), `README lists \`${command}\``)
})
