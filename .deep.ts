import { buildStyledDocument } from './renderers/document/index.js'
for (const n of [1000, 3000, 10000]) {
  const html = '<div>'.repeat(n) + 'x' + '</div>'.repeat(n)
  try { const t0 = performance.now(); buildStyledDocument(html, { type: 'print', width: 800, height: 1000 }); console.log(n, 'ok', (performance.now() - t0).toFixed(1)) } catch (e) { console.log(n, 'THREW', (e as Error).message.slice(0, 100)) }
}
const weird = ['<', '<<<>>>', '<p <p>', '<style>', '<style>}}}{{{', '<style>@media {', '<style>a{color:red', '<div style="color:">', '<div style=";;;:;">', '<table><td>x</table>', '<svg viewBox="0 0 1 1"><linearGradient id="g"/></svg>', '<style>@page{size:}</style>', '<style>:nth-child(</style>', '<style>a::before{content:counter()}</style><a>x</a>', '<style>*{--x:var(--x)} p{color:var(--x)}</style><p>a</p>', '<style>p{background:url(}</style><p>a</p>', '<ol start="abc" reversed><li value="x">a</ol>']
for (const h of weird) { try { const d = buildStyledDocument(h, { type: 'print', width: 800, height: 1000 }); console.log(JSON.stringify(h), 'ok', d.warnings.length) } catch (e) { console.log(JSON.stringify(h), 'THREW', (e as Error).stack?.slice(0, 300)) } }
