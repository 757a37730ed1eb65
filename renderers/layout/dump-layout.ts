// The layout as text, for tests that state the layout they expect and for a developer looking at what layout
// made of a document (`quire render page.html --format layout`): one line per box, named by its element
// (tag#id.class), with its border box x, y, width and height in CSS px, and one per line of text, indented by
// depth. Boxes of no element (anonymous blocks, a table's wrapper) are `*`. With `positions`
// (document/source-positions.ts), each named box also says where its start tag is in the HTML laid out
// (`@12:5`: line and column).
//   html 0 0 400 68
//     body 0 0 400 68
//       div#a.note 0 0 100 50
//       p 0 50 400 18
//         "Hi there" 0 50 51.98 18
import { elementName } from '../element-name.js'
import type { SourcePosition } from '../document/source-positions.js'
import type { StyledElement } from '../document/styled-tree.js'
import type { Frag } from './fragments.js'

export interface DumpOptions {
  /** Where each element's start tag is in the HTML laid out (sourcePositions of that HTML). */
  positions?: (el: StyledElement) => SourcePosition | null
}

const round = (n: number) => Math.round(n * 100) / 100

export function dumpLayout(root: Frag, options: DumpOptions = {}): string {
  const out: string[] = []
  // Iterative: documents nest deeper than the call stack allows.
  const stack: Array<[Frag, number]> = [[root, 0]]
  while (stack.length) {
    const [frag, depth] = stack.pop()!
    const indent = '  '.repeat(depth)
    if (frag.kind === 'text') {
      out.push(`${indent}${JSON.stringify(frag.text)} ${round(frag.x)} ${round(frag.y)} ${round(frag.w)} ${round(frag.h)}`)
      continue
    }
    if (frag.kind !== 'box') continue
    const el = frag.el
    const pos = el && options.positions ? options.positions(el) : null
    const at = pos ? ` @${pos.line}:${pos.col}` : ''
    out.push(`${indent}${el ? elementName(el) : '*'}${at} ${round(frag.x)} ${round(frag.y)} ${round(frag.w)} ${round(frag.h)}`)
    for (let i = frag.children.length - 1; i >= 0; i--) stack.push([frag.children[i], depth + 1])
  }
  return out.join('\n')
}
