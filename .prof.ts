import { readFileSync } from 'node:fs'
import { buildStyledDocument } from './renderers/document/index.js'
const names = process.argv.slice(2)
const htmls = names.map(n => readFileSync(`/work/shared/corpus/${n}/template.html`, 'utf8'))
const media = { type: 'print', width: 794, height: 1123 } as const
for (let i = 0; i < 1000; i++) for (const h of htmls) buildStyledDocument(h, media)
