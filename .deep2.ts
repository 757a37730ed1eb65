import { parse } from 'node-html-parser'
import { parseHtml } from './renderers/document/parse-html.js'
const n = 5000
const html = '<div>'.repeat(n) + 'x' + '</div>'.repeat(n)
try { parse(html, { comment: false, parseNoneClosedTags: true } as any); console.log('nhp ok') } catch (e) { console.log('nhp threw') }
try { parseHtml(html); console.log('parseHtml ok') } catch (e) { console.log('parseHtml threw', (e as Error).stack?.split('\n').slice(0, 4).join(' | ')) }
