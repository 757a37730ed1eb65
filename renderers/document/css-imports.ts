// `@import` statements (and `<link rel="stylesheet">`, which parse-html.ts turns into one): found before the
// document is built so the renderer can fetch them (renderers/resources/load-stylesheets.ts), then replaced
// by the fetched text, wrapped in the @layer / @supports / @media the statement names. An import that was
// not loaded stays and the stylesheet parser reports it.
const IMPORT = /@import\s+(?:url\(\s*(["']?)([^"')]*)\1\s*\)|(["'])((?:\\.|(?!\3).)*)\3)([^;{}]*);/gi

export interface CssImport { url: string; layer: string | null; supports: string | null; media: string }

function conditions(tail: string): Omit<CssImport, 'url'> {
  let rest = tail.trim()
  let layer: string | null = null
  let supports: string | null = null
  const l = /^layer(?:\(\s*([\w.-]+)\s*\))?/i.exec(rest)
  if (l) {
    layer = l[1] ?? ''
    rest = rest.slice(l[0].length).trim()
  }
  const s = /^supports\(((?:[^()]|\([^()]*\))*)\)/i.exec(rest)
  if (s) {
    supports = s[1].trim()
    rest = rest.slice(s[0].length).trim()
  }
  return { layer, supports, media: rest }
}

function unescape(url: string): string {
  return url.replace(/\\a\s?/gi, '\n').replace(/\\(.)/g, '$1').trim()
}

/** The imports of one stylesheet, in order. */
export function findImports(css: string): CssImport[] {
  if (!css.includes('@import')) return []
  return [...css.matchAll(IMPORT)].map((m) => ({ url: unescape(m[2] ?? m[4]), ...conditions(m[5]) }))
}

/** Replaces every loaded import by its text (`loaded`: url as written → stylesheet text, its own imports expanded). */
export function expandImports(css: string, loaded: ReadonlyMap<string, string>): string {
  if (!css.includes('@import')) return css
  return css.replace(IMPORT, (statement, _q1, url1: string | undefined, _q2, url2: string | undefined, tail: string) => {
    const text = loaded.get(unescape(url1 ?? url2 ?? ''))
    if (text === undefined) return statement
    const { layer, supports, media } = conditions(tail)
    let out = text
    if (media !== '' && media.toLowerCase() !== 'all') out = `@media ${media} {\n${out}\n}`
    if (supports !== null) out = `@supports (${supports}) {\n${out}\n}`
    if (layer !== null) out = `@layer ${layer} {\n${out}\n}`
    return out
  })
}
