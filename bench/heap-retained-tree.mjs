// A V8 heap snapshot as a tree of retained sizes (the dominator tree), from the module-level variables that
// keep 256 KB or more (a cache's name is its variable's, as bundled), each down to `depth` levels with the
// children of `minKb` or more; Map entries are named by their string key. With ROOT=1, the whole tree from the
// snapshot's root as well. Snapshots from `bench/worker-memory.ts --corpus --snapshot --keep DIR`.
//   node --max-old-space-size=4000 bench/heap-retained-tree.mjs DIR/heap-worker-1.heapsnapshot [minKb 256] [depth 4]
import { readFileSync } from 'node:fs'

const [file, minKb = '256', depthArg = '4'] = process.argv.slice(2)
const heap = JSON.parse(readFileSync(file, 'utf8'))
const meta = heap.snapshot.meta
const W = meta.node_fields.length, EW = meta.edge_fields.length
const [T, N, S, EC] = ['type','name','self_size','edge_count'].map(f => meta.node_fields.indexOf(f))
const [ET, EN, ETO] = ['type','name_or_index','to_node'].map(f => meta.edge_fields.indexOf(f))
const etypes = meta.edge_types[0], ntypes = meta.node_types[0]
const { nodes, edges, strings } = heap
const count = nodes.length / W
const first = new Uint32Array(count + 1)
for (let n = 0; n < count; n++) first[n + 1] = first[n] + nodes[n * W + EC]
const weak = etypes.indexOf('weak'), shortcut = etypes.indexOf('shortcut')
const strong = e => edges[e + ET] !== weak && edges[e + ET] !== shortcut
const order = new Int32Array(count).fill(-1), rpo = [], stack = [0], next = new Uint32Array(count), seen = new Uint8Array(count)
seen[0] = 1
while (stack.length) { const n = stack[stack.length - 1], e = first[n] + next[n]; if (e < first[n + 1]) { next[n]++; const at = e * EW; if (!strong(at)) continue; const to = edges[at + ETO] / W; if (!seen[to]) { seen[to] = 1; stack.push(to) } } else { stack.pop(); rpo.push(n) } }
rpo.reverse(); rpo.forEach((n, i) => { order[n] = i })
const pc = new Uint32Array(count + 1)
for (let n = 0; n < count; n++) { if (order[n] === -1) continue; for (let e = first[n]; e < first[n + 1]; e++) if (strong(e * EW)) pc[edges[e * EW + ETO] / W + 1]++ }
for (let n = 0; n < count; n++) pc[n + 1] += pc[n]
const preds = new Uint32Array(pc[count]), fill = pc.slice(0, count)
for (let n = 0; n < count; n++) { if (order[n] === -1) continue; for (let e = first[n]; e < first[n + 1]; e++) if (strong(e * EW)) { const to = edges[e * EW + ETO] / W; preds[fill[to]++] = n } }
const idom = new Int32Array(count).fill(-1); idom[0] = 0
const inter = (a, b) => { while (a !== b) { while (order[a] > order[b]) a = idom[a]; while (order[b] > order[a]) b = idom[b] } return a }
for (let ch = true; ch;) { ch = false; for (let i = 1; i < rpo.length; i++) { const n = rpo[i]; let d = -1; for (let p = pc[n]; p < pc[n + 1]; p++) { const q = preds[p]; if (idom[q] === -1) continue; d = d === -1 ? q : inter(q, d) } if (d !== -1 && idom[n] !== d) { idom[n] = d; ch = true } } }
const ret = new Float64Array(count)
for (let i = rpo.length - 1; i >= 0; i--) { const n = rpo[i]; ret[n] += nodes[n * W + S]; if (n !== 0) ret[idom[n]] += ret[n] }
const min = Number(minKb) * 1024, maxDepth = Number(depthArg)
const kb = b => (b / 1024 / 1024).toFixed(2)
const label = n => `${ntypes[nodes[n * W + T]]} ${String(strings[nodes[n * W + N]]).slice(0, 50)} self ${kb(nodes[n * W + S])}`
const ename = at => { const t = etypes[edges[at + ET]]; const v = edges[at + EN]; return t === 'element' || t === 'hidden' ? `[${v}]` : strings[v] }
// dominated children of n, via any edge
const domKids = new Map(); for (const m of rpo) { if (m === 0) continue; const d = idom[m]; let l = domKids.get(d); if (!l) domKids.set(d, l = []); l.push(m) }
function kids(n) { const names = new Map(); for (let e = first[n]; e < first[n + 1]; e++) { const at = e * EW; const to = edges[at + ETO] / W; if (!names.has(to)) names.set(to, ename(at)) } const prevStr = new Map(); let last = null; for (let e = first[n]; e < first[n + 1]; e++) { const at = e * EW; const to = edges[at + ETO] / W; if (ntypes[nodes[to * W + T]] === 'string' || ntypes[nodes[to * W + T]] === 'concatenated string') last = strings[nodes[to * W + N]]; else { if (last && !prevStr.has(to)) prevStr.set(to, last); last = null } }
  return (domKids.get(n) ?? []).map(m => [(names.get(m) ?? '(shared below)') + (prevStr.has(m) ? ' key=' + String(prevStr.get(m)).slice(0, 60) : ''), m]).sort((a, b) => ret[b[1]] - ret[a[1]]) }
function show(n, name, depth, indent) {
  console.log(`${indent}${kb(ret[n])} MB ${name} (${label(n)})`)
  if (depth >= maxDepth) return
  const ks = kids(n); let rest = 0, restN = 0
  for (const [en, to] of ks) { if (ret[to] >= min) show(to, en, depth + 1, indent + '  '); else { rest += ret[to]; restN++ } }
  if (restN) console.log(`${indent}  ${kb(rest)} MB in ${restN} smaller`)
}
const ctx = etypes.indexOf('context')
const tops = []
for (let n = 0; n < count; n++) { if (order[n] === -1) continue; for (let e = first[n]; e < first[n + 1]; e++) { const at = e * EW; if (edges[at + ET] !== ctx) continue; const to = edges[at + ETO] / W; if (idom[to] === n && ret[to] >= 256 * 1024) tops.push([strings[edges[at + EN]], to]) } }
tops.sort((a, b) => ret[b[1]] - ret[a[1]])
let total = 0; for (const n of rpo) total += nodes[n * W + S]
console.log(`reachable ${kb(total)} MB`)
for (const [name, to] of tops) show(to, name, 0, '')
if (process.env.ROOT) show(0, 'root', 0, 'R ')
