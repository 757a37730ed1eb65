import { readFileSync } from 'node:fs'
const snap = JSON.parse(readFileSync('/tmp/prof/w.heapsnapshot','utf8'))
const m = snap.snapshot.meta, f = m.node_fields, W = f.length, ef = m.edge_fields, EW = ef.length
const types = m.node_types[0], etypes = m.edge_types[0], S = snap.strings, N = snap.nodes, E = snap.edges
const count = N.length / W
const firstEdge = new Uint32Array(count + 1)
for (let i = 0, e = 0; i < count; i++) { firstEdge[i] = e; e += N[i*W + f.indexOf('edge_count')] * EW } firstEdge[count] = E.length
const retainer = new Int32Array(count).fill(-1), retName = new Array(count)
for (let i = 0; i < count; i++) for (let e = firstEdge[i]; e < firstEdge[i+1]; e += EW) { const to = E[e + ef.indexOf('to_node')] / W; const et = etypes[E[e]]; if (et === 'weak') continue; if (retainer[to] === -1) { retainer[to] = i; retName[to] = et === 'element' || et === 'hidden' ? `[${E[e+1]}]` : S[E[e+1]] } }
const desc = (i) => `${types[N[i*W]]}:${S[N[i*W+1]].slice(0,50)}`
const path = (i) => { const p = []; for (let k = 0; k < 7 && i >= 0; k++) { p.push(`${desc(i)}.${retName[i] ?? ''}`); i = retainer[i] } return p.join(' <- ') }
const big = []; for (let i = 0; i < count; i++) { const s = N[i*W + f.indexOf('self_size')]; if (s > 150000) big.push([s, i]) }
big.sort((a,b)=>b[0]-a[0]); for (const [s,i] of big.slice(0,25)) console.log((s/1024).toFixed(0)+'K', path(i))
// aggregate strings by retainer object
