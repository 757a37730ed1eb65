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

/**
 * Lines of text: what the heap's retained memory hangs from, by variable — each closure or module variable
 * (a context slot) whose value dominates `minMb` or more (retained size: what a collection would free were
 * that value gone), largest first. The dominators are Cooper, Harvey and Kennedy's iterative algorithm over
 * the snapshot's strong edges.
 */
export function largestRetainers(heap: Snapshot, minMb = 1): string {
  const { meta } = heap.snapshot
  const width = meta.node_fields.length
  const [typeField, nameField, sizeField, edgeCountField] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f))
  const edgeWidth = meta.edge_fields.length
  const [edgeTypeField, edgeNameField, edgeToField] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f))
  const edgeTypes = meta.edge_types[0]
  const nodeTypes = meta.node_types[0]
  const weak = edgeTypes.indexOf('weak')
  const shortcut = edgeTypes.indexOf('shortcut')
  const contextEdge = edgeTypes.indexOf('context')
  const { nodes, edges, strings } = heap
  const count = nodes.length / width
  const firstEdge = new Uint32Array(count + 1)
  for (let n = 0; n < count; n++) firstEdge[n + 1] = firstEdge[n]! + nodes[n * width + edgeCountField]!
  const strong = (e: number) => edges[e + edgeTypeField] !== weak && edges[e + edgeTypeField] !== shortcut
  // Reverse postorder from the root (node 0), iteratively.
  const order = new Int32Array(count).fill(-1)
  const rpo: number[] = []
  const stack: number[] = [0]
  const next = new Uint32Array(count)
  const seen = new Uint8Array(count)
  seen[0] = 1
  while (stack.length > 0) {
    const n = stack[stack.length - 1]!
    const e = firstEdge[n]! + next[n]!
    if (e < firstEdge[n + 1]!) {
      next[n]!++
      const at = e * edgeWidth
      if (!strong(at)) continue
      const to = edges[at + edgeToField]! / width
      if (!seen[to]) { seen[to] = 1; stack.push(to) }
    } else {
      stack.pop()
      rpo.push(n)
    }
  }
  rpo.reverse()
  rpo.forEach((n, i) => { order[n] = i })
  // Predecessors of each reachable node.
  const predCount = new Uint32Array(count + 1)
  for (let n = 0; n < count; n++) {
    if (order[n] === -1) continue
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e++) if (strong(e * edgeWidth)) predCount[edges[e * edgeWidth + edgeToField]! / width + 1]!++
  }
  for (let n = 0; n < count; n++) predCount[n + 1]! += predCount[n]!
  const preds = new Uint32Array(predCount[count]!)
  const fill = predCount.slice(0, count)
  for (let n = 0; n < count; n++) {
    if (order[n] === -1) continue
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e++) if (strong(e * edgeWidth)) { const to = edges[e * edgeWidth + edgeToField]! / width; preds[fill[to]!++] = n }
  }
  const idom = new Int32Array(count).fill(-1)
  idom[0] = 0
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! > order[b]!) a = idom[a]!
      while (order[b]! > order[a]!) b = idom[b]!
    }
    return a
  }
  for (let changed = true; changed;) {
    changed = false
    for (let i = 1; i < rpo.length; i++) {
      const n = rpo[i]!
      let dom = -1
      for (let p = predCount[n]!; p < predCount[n + 1]!; p++) {
        const pred = preds[p]!
        if (idom[pred] === -1) continue
        dom = dom === -1 ? pred : intersect(pred, dom)
      }
      if (dom !== -1 && idom[n] !== dom) { idom[n] = dom; changed = true }
    }
  }
  const retained = new Float64Array(count)
  for (let i = rpo.length - 1; i >= 0; i--) {
    const n = rpo[i]!
    retained[n]! += nodes[n * width + sizeField]!
    if (n !== 0) retained[idom[n]!]! += retained[n]!
  }
  const found: [string, number][] = []
  for (let n = 0; n < count; n++) {
    if (order[n] === -1) continue
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e++) {
      const at = e * edgeWidth
      if (edges[at + edgeTypeField] !== contextEdge) continue
      const to = edges[at + edgeToField]! / width
      if (idom[to] !== n || retained[to]! < minMb * 2 ** 20) continue
      const kind = `${nodeTypes[nodes[to * width + typeField]!]} ${strings[nodes[to * width + nameField]!]}`.slice(0, 60)
      found.push([`${strings[edges[at + edgeNameField]!]} (${kind})`, retained[to]!])
    }
  }
  return found.sort((a, b) => b[1] - a[1]).map(([what, bytes]) => `    ${mb(bytes)} MB retained by ${what}`).join('\n')
}
