import { buildStyledDocument } from './renderers/document/index.js'
const n = 3000
const html = '<div>'.repeat(n) + 'x' + '</div>'.repeat(n)
try { buildStyledDocument(html, { type: 'print', width: 800, height: 1000 }) } catch (e) { console.log((e as Error).stack?.split('\n').slice(0, 8).join('\n')) }
