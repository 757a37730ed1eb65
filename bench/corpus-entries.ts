// The documents of `npm run bench`: every entry of the shared corpus and of the grown corpus (41 real templates
// other people wrote). Each entry is measured two ways: its `template.html` as raw HTML, and as a saved template —
// `template.liquid.html` with its `data.json` where the corpus has them (13 entries; Liquid makes template.html of
// them byte for byte), else `template.html` itself saved as the template (no entry's HTML holds a Liquid tag).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { CORPUS_DIR, GROWN_DIR } from './corpus-dir.js'

export interface CorpusEntry {
  name: string
  /** The HTML both sides render (Chromium from it, Quire's raw-HTML path). */
  html: string
  /** What is saved and published for Quire's saved-template path, and the data sent to render it. */
  template: string
  data: Record<string, unknown>
}

export const CORPORA = [CORPUS_DIR, GROWN_DIR]

export function corpusEntries(only?: string[]): CorpusEntry[] {
  const entries: CorpusEntry[] = []
  for (const dir of CORPORA) {
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) {
      const at = `${dir}/${name}`
      if (!existsSync(`${at}/template.html`) || (only && !only.includes(name))) continue
      const html = readFileSync(`${at}/template.html`, 'utf8')
      const liquid = existsSync(`${at}/template.liquid.html`)
      entries.push({
        name, html,
        template: liquid ? readFileSync(`${at}/template.liquid.html`, 'utf8') : html,
        data: liquid ? JSON.parse(readFileSync(`${at}/data.json`, 'utf8')) as Record<string, unknown> : {},
      })
    }
  }
  return entries
}
