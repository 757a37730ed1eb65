// References to the documentation must lead somewhere: every `docs/x.md#anchor` in code, README and docs names
// a page that exists and a heading on it (GitHub's anchors), every `docs/x.md, "Heading"` names a heading of
// that page, and every relative Markdown link points at a file (and at a heading, when it has an anchor).
// A page rewritten without the section a comment relies on fails here instead of leaving the comment dangling.
import t from 'tap'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const scanned = ['README.md', 'CHANGELOG.md', 'Dockerfile', 'eslint.config.js', '.ci', 'docs', 'src', 'plugins', 'pool', 'renderers', 'bench', 'scripts', 'test', 'web', 'bin', 'clients']
const skipped = new Set(['node_modules', 'dist', 'fixtures', '.git'])
const textFile = /\.(ts|mts|mjs|js|md|sh|c|yaml|yml|eta|css)$|^(Dockerfile|run)$/

function filesUnder(path: string): string[] {
  const full = join(root, path)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [path]
  return readdirSync(full).filter((name) => !skipped.has(name)).flatMap((name) => {
    const child = join(path, name)
    return statSync(join(root, child)).isDirectory() ? filesUnder(child) : textFile.test(name) ? [child] : []
  })
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim().toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
}

const headingsCache = new Map<string, { anchors: Set<string>; titles: Set<string> }>()
/** The anchors and heading titles of a Markdown file (repeated headings get -1, -2 … as on GitHub). */
function headingsOf(file: string): { anchors: Set<string>; titles: Set<string> } {
  const cached = headingsCache.get(file)
  if (cached) return cached
  const anchors = new Set<string>()
  const titles = new Set<string>()
  let fenced = false
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    titles.add(heading[1].replace(/`/g, '').toLowerCase())
    const slug = slugOf(heading[1])
    let anchor = slug
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`
    anchors.add(anchor)
  }
  const found = { anchors, titles }
  headingsCache.set(file, found)
  return found
}

t.test('slugs as GitHub makes them', async (t) => {
  t.equal(slugOf('Line boxes and page breaks in long documents'), 'line-boxes-and-page-breaks-in-long-documents')
  t.equal(slugOf('`@page` rules: sizes, margins'), 'page-rules-sizes-margins')
  t.equal(slugOf('Quirks mode: line height'), 'quirks-mode-line-height')
  t.equal(slugOf('Start-up and memory'), 'start-up-and-memory')
})

const files = scanned.flatMap(filesUnder).filter((file) => file !== 'test/docs/doc-links.test.ts')

t.test('every docs/x.md#anchor and docs/x.md, "Heading" resolves', async (t) => {
  let checked = 0
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const m of text.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+)|,? \(?"([^"\n]+)")?/g)) {
      const [ref, page, anchor, title] = m
      const target = join('docs', page)
      if (!existsSync(join(root, target))) { t.fail(`${file}: ${ref} — no such page`); continue }
      checked++
      if (anchor && !headingsOf(target).anchors.has(anchor)) t.fail(`${file}: ${ref} — ${target} has no heading #${anchor}`)
      if (title && !headingsOf(target).titles.has(title.replace(/`/g, '').toLowerCase())) t.fail(`${file}: ${ref} — ${target} has no heading "${title}"`)
    }
  }
  t.ok(checked > 50, `${checked} references checked`)
})

t.test('every relative Markdown link leads to a file and its anchor to a heading', async (t) => {
  let checked = 0
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    let fenced = false
    for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced
      if (fenced) continue
      for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1]
        if (/^[a-z]+:/i.test(link)) continue
        const [path, anchor] = link.split('#')
        const target = path === '' ? file : relative(root, resolve(root, dirname(file), path))
        checked++
        if (!existsSync(join(root, target))) { t.fail(`${file}: (${link}) — no file ${target}`); continue }
        if (anchor && target.endsWith('.md') && !headingsOf(target).anchors.has(anchor)) t.fail(`${file}: (${link}) — ${target} has no heading #${anchor}`)
      }
    }
  }
  t.ok(checked > 30, `${checked} links checked`)
})

t.test('every file of the tree that docs and comments name exists', async (t) => {
  // A path from the repository's root (`bench/start-up.sh`, `test/renderers/…test.ts`) in a page or a comment:
  // a command to run or a test to read. Paths in the tests' own fixtures (made-up files) are not references.
  const made = new Set(['test/eslint-config.test.ts', 'test/scripts/import-cycles.test.ts', 'src/project-root.ts'])
  let checked = 0
  for (const file of files.filter((f) => !made.has(f))) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const m of text.matchAll(/(?<![\w./-])((?:bench|scripts|renderers|src|test|pool|plugins|web|bin)\/[\w./-]+\.(?:ts|mjs|sh|js|json|c|eta))(?![\w-])/g)) {
      checked++
      // From the root, or from the file's own folder (a package's README); a compiled name (x.js) for its source (x.ts).
      const found = [join(root, m[1]), join(root, dirname(file), m[1])].some((path) => existsSync(path) || existsSync(path.replace(/\.js$/, '.ts')))
      if (!found) t.fail(`${file}: ${m[1]} — no such file`)
    }
  }
  t.ok(checked > 200, `${checked} paths checked`)
})
