import v8 from 'node:v8'
import { readFileSync } from 'node:fs'
const pdf = await import('./dist/renderers/pdf/index.js')
const task = JSON.parse(readFileSync('/tmp/prof/pdf.json','utf8'))[0].task
for (let i=0;i<Number(process.argv[2]??0);i++) await pdf.renderPdf(task)
const file = v8.writeHeapSnapshot('/tmp/prof/w.heapsnapshot')
const snap = JSON.parse(readFileSync(file,'utf8'))
const f = snap.snapshot.meta.node_fields, types = snap.snapshot.meta.node_types[0], strings = snap.strings, n = snap.nodes
const fi = (k) => f.indexOf(k), W = f.length
const agg = new Map(); let total = 0
for (let i = 0; i < n.length; i += W) { const t = types[n[i+fi('type')]]; const name = strings[n[i+fi('name')]]; const size = n[i+fi('self_size')]; total += size
  const key = t === 'object' || t === 'native' ? `${t}:${name.slice(0,40)}` : t === 'code' ? `code:${name.slice(0,30).replace(/\(.*/,'(...)')}` : t; agg.set(key, (agg.get(key)??0)+size) }
console.log('total', (total/2**20).toFixed(1))
console.log([...agg].sort((a,b)=>b[1]-a[1]).slice(0,30).map(([k,v])=>`${(v/2**20).toFixed(2)} ${k}`).join('\n'))
