import { readFileSync } from 'node:fs'
import { buildStyledDocument, type StyledElement } from './renderers/document/index.js'
const name = process.argv[2]
const doc = buildStyledDocument(readFileSync(`/work/shared/corpus/${name}/template.html`, 'utf8'), { type: process.argv[3] === 'screen' ? 'screen' : 'print', width: 800, height: 1200 })
const d = (x: any) => x === 'auto' || x === 'none' ? x : x.pct ? `${+x.px.toFixed(1)}+${x.pct}%` : +x.px.toFixed(1)
const walk = (e: StyledElement, depth: number) => {
  const s = e.style
  const parts = [e.tag + (e.attrs.class ? '.' + e.attrs.class.split(' ').join('.') : ''), s.display, `fs=${+s.fontSize.toFixed(2)}`, `fw=${s.fontWeight}`, `c=${s.color.r},${s.color.g},${s.color.b}`, `ff=${s.fontFamily.join('|')}`]
  if (s.width !== 'auto') parts.push(`w=${d(s.width)}`)
  const m = [s.marginTop, s.marginRight, s.marginBottom, s.marginLeft].map(d).join(' '); if (m !== '0 0 0 0') parts.push(`m=${m}`)
  const p = [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].map(d).join(' '); if (p !== '0 0 0 0') parts.push(`p=${p}`)
  const b = [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft].map(x => x.width ? `${x.width}${x.style[0]}` : '0').join(' '); if (b !== '0 0 0 0') parts.push(`b=${b}`)
  if (s.backgroundColor) parts.push(`bg=${s.backgroundColor.r},${s.backgroundColor.g},${s.backgroundColor.b}`)
  if (s.backgroundLayers.length) parts.push(`bgl=${s.backgroundLayers.map(l => l.image.kind).join(',')}`)
  if (s.textAlign !== 'start') parts.push(`ta=${s.textAlign}`)
  if (s.float !== 'none') parts.push(`float=${s.float}`)
  if (s.position !== 'static') parts.push(`pos=${s.position}`)
  if (e.marker) parts.push(`marker=${e.marker}`)
  const texts = e.children.filter(c => c.kind === 'text' && c.text.trim()).map(c => (c as any).text.trim().slice(0, 30))
  console.log(' '.repeat(depth) + parts.join(' ') + (texts.length ? ' "' + texts.join('|') + '"' : ''))
  if (depth < +(process.argv[4] ?? 30)) for (const c of e.children) if (c.kind === 'element') walk(c, depth + 1)
}
walk(doc.root, 0)
console.log(doc.warnings)
