// Import cycles, checked after ESLint by `npm run lint` (eslint-plugin-import-x's no-cycle resolves every
// import through a TypeScript resolver and took most of a minute here; this reads the files once, < 1 s).
// Only value imports count (`import type` is erased). The one cycle allowed is the layout engine's mutual
// recursion (block ↔ inline-block ↔ flex ↔ table ↔ grid), and only through its dispatcher,
// renderers/layout/layout-box.ts (layoutBox, layoutContent, intrinsicWidths): the modes it dispatches to
// call back into it, never into each other. Three rules, with no list of files to keep up to date:
//   1. every import cycle goes through the dispatcher (the graph without it has none);
//   2. the layout modes the dispatcher imports and that call back into it are imported by no other file;
//   3. nothing else cycles.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// The repository root, or another tree given as the argument (the test checks the rules on small fixtures).
const ROOT = process.argv[2] ? resolve(process.argv[2]) : resolve(dirname(new URL(import.meta.url).pathname), '..')
const FOLDERS = ['src', 'plugins', 'pool', 'renderers', 'bench']
const DISPATCHER = 'renderers/layout/layout-box.ts'

function files(dir) {
  if (!existsSync(dir)) return []
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

// Tarjan's strongly connected components of `nodes` (iterative: the layout recursion is deep enough).
function cycles(nodes) {
  let index = 0
  const stack = []
  const info = new Map()
  const found = []
  const deps = (v) => [...(graph.get(v) ?? [])].filter((w) => nodes.has(w))
  for (const root of nodes) {
    if (info.has(root)) continue
    const work = [[root, deps(root), 0]]
    info.set(root, { index, low: index, onStack: true }); index++; stack.push(root)
    while (work.length) {
      const frame = work[work.length - 1]
      const [v, out] = frame
      if (frame[2] < out.length) {
        const w = out[frame[2]++]
        if (!info.has(w)) {
          info.set(w, { index, low: index, onStack: true }); index++; stack.push(w)
          work.push([w, deps(w), 0])
        } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index)
        continue
      }
      work.pop()
      if (work.length) { const parent = work[work.length - 1][0]; info.get(parent).low = Math.min(info.get(parent).low, info.get(v).low) }
      if (info.get(v).low === info.get(v).index) {
        const component = []
        let w
        do { w = stack.pop(); info.get(w).onStack = false; component.push(w) } while (w !== v)
        if (component.length > 1 || graph.get(v).has(v)) found.push(component.sort())
      }
    }
  }
  return found
}

const errors = []
if (!graph.has(DISPATCHER)) errors.push(`${DISPATCHER} is missing: update DISPATCHER in scripts/import-cycles.mjs`)
// 1 and 3: without the dispatcher, no cycle is left.
const withoutDispatcher = new Set([...graph.keys()].filter((f) => f !== DISPATCHER))
for (const c of cycles(withoutDispatcher)) {
  const layout = c.some((f) => f.startsWith('renderers/layout/'))
  errors.push(`import cycle${layout ? ' that bypasses the layout dispatcher' : ''}: ${c.join(' ↔ ')}`)
}
// 2: the recursion is the dispatcher's strongly connected component; its modes are those it imports directly.
const recursion = new Set(cycles(new Set(graph.keys())).find((c) => c.includes(DISPATCHER)) ?? [])
const modes = [...(graph.get(DISPATCHER) ?? [])].filter((f) => recursion.has(f))
for (const [file, deps] of graph) {
  if (file === DISPATCHER) continue
  for (const mode of modes) {
    if (deps.has(mode)) errors.push(`${file} imports the layout mode ${mode}: call it through ${DISPATCHER}`)
  }
}

for (const e of errors) console.error(e)
if (errors.length) {
  console.error(`${errors.length} import rule violation(s) (scripts/import-cycles.mjs)`)
  process.exit(1)
}
console.log(`import cycles: only through ${DISPATCHER} (${recursion.size} files in the layout recursion, ${modes.length} modes; ${graph.size} files)`)
