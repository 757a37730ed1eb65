// Import cycles, checked after ESLint by `npm run lint` (eslint-plugin-import-x's no-cycle resolves every
// import through a TypeScript resolver and took most of a minute here; this reads the files once, < 1 s).
// Only value imports count (`import type` is erased). The one cycle allowed is the layout engine's mutual
// recursion — block ↔ inline-block ↔ flex ↔ table, and intrinsic widths through them — among the files
// listed in LAYOUT_RECURSION; any other cycle, or a new file joining that one, fails.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..')
const FOLDERS = ['src', 'plugins', 'pool', 'renderers', 'bench']
const LAYOUT_RECURSION = new Set([
  'layout-block', 'layout-inline', 'layout-atomic', 'layout-absolute', 'layout-flex', 'layout-table',
  'intrinsic-widths', 'table-columns',
].map((name) => `renderers/layout/${name}.ts`))

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path)
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

const graph = new Map()
for (const file of FOLDERS.flatMap((f) => files(join(ROOT, f)))) {
  const text = readFileSync(file, 'utf8')
  const deps = new Set()
  // Static value imports and re-exports (not `import type` / `export type`), and dynamic import() calls.
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    if (/^\s*(?:import|export)\s*\{[^}]*\}\s*from/.test(m[0]) && /^\s*(?:import|export)\s*\{\s*(?:type\s+[^,}]+,?\s*)+\}/.test(m[0])) continue
    deps.add(relative(ROOT, resolve(dirname(file), m[1].replace(/\.js$/, '.ts'))))
  }
  graph.set(relative(ROOT, file), deps)
}

// Tarjan's strongly connected components.
let index = 0
const stack = []
const info = new Map()
const components = []
function visit(v) {
  info.set(v, { index, low: index, onStack: true }); index++; stack.push(v)
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue
    if (!info.has(w)) { visit(w); info.get(v).low = Math.min(info.get(v).low, info.get(w).low) }
    else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index)
  }
  if (info.get(v).low === info.get(v).index) {
    const component = []
    let w
    do { w = stack.pop(); info.get(w).onStack = false; component.push(w) } while (w !== v)
    if (component.length > 1 || graph.get(v).has(v)) components.push(component.sort())
  }
}
for (const v of graph.keys()) if (!info.has(v)) visit(v)

const bad = components.filter((c) => !c.every((f) => LAYOUT_RECURSION.has(f)))
for (const c of bad) console.error(`import cycle: ${c.join(' ↔ ')}`)
if (bad.length) {
  console.error(`${bad.length} import cycle(s) outside the layout recursion (scripts/import-cycles.mjs)`)
  process.exit(1)
}
console.log(`import cycles: none outside the layout recursion (${graph.size} files)`)
