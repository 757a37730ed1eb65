// What a test needs beyond npm: data beside the checkout (../shared: corpora, the spec, WPT), system tools
// (poppler, qpdf, LibreOffice, Chromium …) and servers (PostgreSQL, Redis). `npm test`'s pretest step
// (scripts/install-test-tools.sh) installs missing tools when it can; whatever is still missing makes the tests
// that need it skip with one line naming it, so a clone passes on its own. With CI=true nothing skips: a
// missing need fails the file, since a CI run that skipped its fidelity or PDF checks would look green.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { join, relative } from 'node:path'
import t from 'tap'
import { projectRoot } from '../../src/project-root.js'

export const IN_CI = process.env.CI === 'true'

/** ../shared beside the checkout: data the project reads but does not redistribute. */
export const SHARED_DIR = join(projectRoot(), '..', 'shared')

/** The Debian package that brings each tool the tests call (scripts/install-test-tools.sh installs these). */
export const TOOL_PACKAGES: Record<string, string> = {
  pdftotext: 'poppler-utils',
  pdfinfo: 'poppler-utils',
  pdfdetach: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  pdffonts: 'poppler-utils',
  pdfimages: 'poppler-utils',
  qpdf: 'qpdf',
  soffice: 'libreoffice-writer',
  unzip: 'unzip',
  zip: 'zip',
  openssl: 'openssl',
  chromium: 'chromium',
}

export interface Needs {
  /** Absolute paths (usually under SHARED_DIR) that must exist. */
  paths?: string[]
  /** Commands that must be on PATH (keys of TOOL_PACKAGES). */
  tools?: string[]
  postgres?: boolean
  redis?: boolean
}

const toolFound = new Map<string, boolean>()

function haveTool(tool: string): boolean {
  let found = toolFound.get(tool)
  if (found === undefined) {
    // Debian's Chromium lives at a fixed path (test/e2e/browser.ts); the rest are looked up on PATH.
    if (tool === 'chromium') found = existsSync('/usr/bin/chromium')
    else {
      try {
        execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' })
        found = true
      } catch {
        found = false
      }
    }
    toolFound.set(tool, found)
  }
  return found
}

/** True when something accepts TCP connections at the URL's host and port within two seconds. */
function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(port) || defaultPort })
    const done = (ok: boolean) => { socket.destroy(); resolve(ok) }
    socket.setTimeout(2_000, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

export const POSTGRES_URL = process.env.QUIRE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const REDIS_URL = process.env.QUIRE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** What of `needs` is missing, each named as a person would fix it; empty when everything is there. */
export async function missing(needs: Needs): Promise<string[]> {
  const out: string[] = []
  for (const path of needs.paths ?? []) {
    const shown = relative(projectRoot(), path)
    if (!existsSync(path)) out.push(`${shown.startsWith('../..') ? path : shown} (check out shared/ beside the repository)`)
  }
  const tools = (needs.tools ?? []).filter((tool) => !haveTool(tool))
  const packages = [...new Set(tools.map((tool) => TOOL_PACKAGES[tool] ?? tool))]
  if (tools.length) out.push(`${tools.join(', ')} (apt-get install ${packages.join(' ')})`)
  if (needs.postgres && !(await reachable(POSTGRES_URL, 5432))) out.push(`PostgreSQL at ${new URL(POSTGRES_URL).host} (or set QUIRE_TEST_POSTGRES_URL)`)
  if (needs.redis && !(await reachable(REDIS_URL, 6379))) out.push(`Redis at ${new URL(REDIS_URL).host} (or set QUIRE_TEST_REDIS_URL)`)
  return out
}

/**
 * A subtest's `skip` option: the reason when something is missing outside CI, else false (in CI the subtest
 * runs and fails on what is missing). Use: `t.test('…', { skip: await skipUnless({ tools: ['qpdf'] }) }, …)`.
 */
export async function skipUnless(needs: Needs): Promise<string | false> {
  const absent = await missing(needs)
  return absent.length && !IN_CI ? `needs ${absent.join('; ')}` : false
}

/**
 * For the top of a test file (top-level await): when something is missing, the whole file is skipped with
 * one line naming it — or, with CI=true, fails.
 */
export async function needsForFile(needs: Needs): Promise<void> {
  const absent = await missing(needs)
  if (!absent.length) return
  const reason = `needs ${absent.join('; ')}`
  if (IN_CI) throw new Error(`${reason} — CI=true, so this is a failure, not a skip`)
  t.plan(0, reason)
  // Nothing else of the file may run: its tests would fail on what is missing.
  process.exit(0)
}
