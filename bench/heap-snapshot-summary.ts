// A V8 heap snapshot summed up for the memory benches: MB by kind of node (code, strings, arrays, ArrayBuffer
// contents …), and the largest strings with what holds them (a script's `source`: the module's text, which V8
// keeps for lazy compilation).

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } }
  nodes: number[]
  edges: number[]
  strings: string[]
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(2)

/** Lines of text: the snapshot's MB by node type, then strings of 100 KB or more with their holders. */
export function liveHeapSummary(heap: Snapshot): string {
  const { meta } = heap.snapshot
  const width = meta.node_fields.length
  const [type, name, size, edgeCount] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f))
  const edgeWidth = meta.edge_fields.length
  const [edgeName, edgeTo] = ['name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f))
  const types = meta.node_types[0]
  const { nodes, edges, strings } = heap
  const byType = new Map<string, number>()
  const large = new Map<number, string>()
  let total = 0
  for (let node = 0, edge = 0; node < nodes.length; node += width) {
    const t = types[nodes[node + type]]
    byType.set(t, (byType.get(t) ?? 0) + nodes[node + size])
    total += nodes[node + size]
    for (let k = 0; k < nodes[node + edgeCount]; k++, edge += edgeWidth) {
      const to = edges[edge + edgeTo]
      if (types[nodes[to + type]] === 'string' && nodes[to + size] >= 100_000 && !large.has(to)) {
        const holder = strings[nodes[node + name]]
        large.set(to, `${types[nodes[node + type]] === 'code' ? holder.split('/').slice(-3).join('/') : holder}.${strings[edges[edge + edgeName]] ?? ''}`)
      }
    }
  }
  const lines = [`  live heap ${mb(total)} MB: ${[...byType].sort((a, b) => b[1] - a[1]).filter(([, b]) => b >= 2 ** 17).map(([t, b]) => `${t} ${mb(b)}`).join(', ')}`]
  for (const [node, holder] of [...large].sort((a, b) => nodes[b[0] + size] - nodes[a[0] + size])) lines.push(`    ${mb(nodes[node + size])} MB string held by ${holder}`)
  return lines.join('\n')
}
