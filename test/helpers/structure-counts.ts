// How many of each structure element a tagged PDF's tree holds — the kinds issue 31 compares with Chromium's
// printed PDFs: H1–H6, P, Table, TR, table cells (TH and TD together), L, LI, Figure, Link. The tree is read
// whole from qpdf's JSON (role-mapped types resolved through /RoleMap): `pdfinfo -struct` leaves out every
// element below a type it does not know, and Chromium writes PDF 2.0's Aside, Strong and Em, so an <aside>'s
// headings and lists, or a link inside <strong>, would not count.
import { execFileSync } from 'node:child_process'

export const COUNTED = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P', 'Table', 'TR', 'TH/TD', 'L', 'LI', 'Figure', 'Link'] as const
export type Counted = (typeof COUNTED)[number]
export type StructureCounts = Record<Counted, number>

const KIND: Record<string, Counted> = Object.fromEntries(COUNTED.map((k) => [k, k]))
KIND.TH = 'TH/TD'
KIND.TD = 'TH/TD'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Objects = Record<string, { value?: Json; stream?: { dict: Json } }>

/** Counts in a document as qpdf --json=2 shows it; every element's /S (through the /RoleMap) once. */
export function countStructure(objects: Objects): StructureCounts {
  const counts = Object.fromEntries(COUNTED.map((k) => [k, 0])) as StructureCounts
  const deref = (v: Json): Json => (typeof v === 'string' && / R$/.test(v) ? (objects[`obj:${v}`]?.value ?? null) : v)
  const dict = (v: Json) => {
    const d = deref(v)
    return d && typeof d === 'object' && !Array.isArray(d) ? d : null
  }
  const trailer = dict(objects.trailer?.value ?? null)
  const root = dict(trailer?.['/Root'] ?? null)
  const treeRoot = dict(root?.['/StructTreeRoot'] ?? null)
  if (!treeRoot) return counts
  const roleMap = dict(treeRoot['/RoleMap'] ?? null) ?? {}
  const seen = new Set<Json>()
  const stack: Json[] = [treeRoot['/K'] ?? null]
  while (stack.length) {
    const item = stack.pop()!
    if (Array.isArray(item)) { stack.push(...item); continue }
    if (seen.has(item)) continue
    seen.add(item)
    const el = dict(item)
    if (!el || typeof el['/S'] !== 'string') continue
    let type = el['/S'].slice(1)
    for (let i = 0; i < 4 && typeof roleMap[`/${type}`] === 'string' && !KIND[type]; i++) type = (roleMap[`/${type}`] as string).slice(1)
    const kind = KIND[type]
    if (kind) counts[kind]++
    stack.push(el['/K'] ?? null)
  }
  return counts
}

export function structureCountsOfFile(path: string): StructureCounts {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', path], { maxBuffer: 256 << 20 }).toString('utf8'))
  return countStructure(json.qpdf[1])
}
