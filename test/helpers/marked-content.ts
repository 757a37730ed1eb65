// PDF/UA's "no content outside the tree" (Matterhorn 01-005) read back from a PDF: every operator that paints
// (text, paths, shadings, images and forms) in a page's content stream is inside a marked-content sequence —
// one with an MCID (in the structure tree) or an /Artifact. The streams come decoded from qpdf's JSON.
import { execFileSync } from 'node:child_process'

const PAINTS = new Set(['Tj', 'TJ', "'", '"', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's', 'sh', 'Do', 'EI'])

export interface MarkedContentReport {
  pages: number
  /** Painting operators outside any marked-content sequence, as `page N: op` (the first 20). */
  unmarked: string[]
  /** Painting operators inside a sequence that is neither an MCID nor an /Artifact (the first 20). */
  untagged: string[]
  /** Pages whose BDC/BMC and EMC do not balance. */
  unbalanced: number[]
}

export function markedContentOf(file: string): MarkedContentReport {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-stream-data=inline', '--decode-level=generalized', file], { maxBuffer: 1 << 30 }).toString())
  const objects: Record<string, { stream?: { data?: string } }> = json.qpdf[1]
  const report: MarkedContentReport = { pages: json.pages.length, unmarked: [], untagged: [], unbalanced: [] }
  json.pages.forEach((page: { contents: string[] }, i: number) => {
    const text = page.contents.map((ref) => Buffer.from(objects[`obj:${ref}`]?.stream?.data ?? '', 'base64').toString('latin1')).join('\n')
    // Each open sequence: whether it is one a reader knows (an MCID or an Artifact).
    const open: boolean[] = []
    let operands: string[] = []
    for (const token of tokens(text)) {
      if (!token.operator) { operands.push(token.text); continue }
      const op = token.text
      if (op === 'BDC') open.push(operands[0] === '/Artifact' || /\/MCID\s+\d+/.test(operands.slice(1).join(' ')))
      else if (op === 'BMC') open.push(operands[0] === '/Artifact')
      else if (op === 'EMC') { if (open.pop() === undefined) report.unbalanced.push(i + 1) }
      else if (PAINTS.has(op)) {
        if (!open.length) { if (report.unmarked.length < 20) report.unmarked.push(`page ${i + 1}: ${op}`) }
        else if (!open.some(Boolean) && report.untagged.length < 20) report.untagged.push(`page ${i + 1}: ${op}`)
      }
      operands = []
    }
    if (open.length && !report.unbalanced.includes(i + 1)) report.unbalanced.push(i + 1)
  })
  return report
}

/** A content stream's tokens: operands (numbers, names, strings, arrays, dictionaries) and operators. */
function* tokens(s: string): Generator<{ text: string; operator: boolean }> {
  let i = 0
  while (i < s.length) {
    const c = s[i]
    if (/\s/.test(c)) { i++; continue }
    if (c === '%') { while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++; continue }
    const start = i
    if (c === '(') {
      let depth = 0
      for (; i < s.length; i++) {
        if (s[i] === '\\') { i++; continue }
        if (s[i] === '(') depth++
        else if (s[i] === ')' && --depth === 0) { i++; break }
      }
    } else if (c === '<' && s[i + 1] === '<') {
      let depth = 0
      for (; i < s.length; i++) {
        if (s.startsWith('<<', i)) { depth++; i++ } else if (s.startsWith('>>', i)) { depth--; i++; if (depth === 0) { i++; break } }
      }
    } else if (c === '<') {
      i = s.indexOf('>', i) + 1
    } else if (c === '[' || c === ']') {
      i++
    } else if (c === '/') {
      i++
      while (i < s.length && !/[\s/()<>[\]{}%]/.test(s[i])) i++
    } else {
      while (i < s.length && !/[\s/()<>[\]{}%]/.test(s[i])) i++
      if (i === start) i++
    }
    const text = s.slice(start, i)
    const operator = /^[A-Za-z'"*]+$/.test(text) && text !== 'true' && text !== 'false' && text !== 'null'
    if (text === 'ID') { // inline image data: skip to EI
      const end = s.indexOf('EI', i)
      i = end < 0 ? s.length : end
    }
    yield { text, operator }
  }
}
