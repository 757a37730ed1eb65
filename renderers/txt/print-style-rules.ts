// The few stylesheet facts plain text needs (display:none, forced page breaks), read from <style>
// text without a full cascade: rules outside @media or inside print/all media, in source order.
export interface PrintStyleRule { selector: string; decls: Record<string, string> }

function appliesToPrint(query: string): boolean {
  return query.split(',').some((part) => {
    const q = part.trim().toLowerCase()
    if (q.startsWith('not ')) return false
    return /^(only\s+)?(print|all)\b/.test(q)
  })
}

export function parseDeclarations(body: string): Record<string, string> {
  const decls: Record<string, string> = {}
  for (const item of body.split(';')) {
    const colon = item.indexOf(':')
    if (colon < 0) continue
    const name = item.slice(0, colon).trim().toLowerCase()
    const value = item.slice(colon + 1).replace(/!\s*important\s*$/i, '').trim().toLowerCase()
    if (name) decls[name] = value
  }
  return decls
}

/** Index of the `}` closing the block whose `{` is at `open`, or the end of the text. */
function blockEnd(css: string, open: number): number {
  let depth = 0
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++
    else if (css[i] === '}' && --depth === 0) return i
  }
  return css.length
}

export function printStyleRules(cssText: string): PrintStyleRule[] {
  const css = cssText.replace(/\/\*[\s\S]*?\*\//g, '')
  const rules: PrintStyleRule[] = []
  let i = 0
  while (i < css.length) {
    const open = css.indexOf('{', i)
    if (open < 0) break
    const semicolon = css.indexOf(';', i)
    const prelude = css.slice(i, open).trim()
    if (prelude.startsWith('@') && semicolon >= 0 && semicolon < open) {
      i = semicolon + 1 // @import, @charset …
      continue
    }
    const end = blockEnd(css, open)
    const body = css.slice(open + 1, end)
    if (/^@media\b/i.test(prelude)) {
      if (appliesToPrint(prelude.slice(6))) rules.push(...printStyleRules(body))
    } else if (!prelude.startsWith('@') && prelude) {
      rules.push({ selector: prelude, decls: parseDeclarations(body) })
    }
    i = end + 1
  }
  return rules
}
