// TemplateTo templates call functions inside output tags — `{{ qrCode(url) }}`, `{{ repeat("$.items[*]",
// "<li>{{name}}</li>", "<ul>_</ul>") }}` — and in conditions — `{% if isArray(items) %}`. liquidjs has no
// function calls, and a quoted item template with `{{ }}` inside would end the output tag early. Before
// parsing, this rewrite turns each call into a `{% tt_call %}` tag (the call's text JSON-encoded, its line
// breaks kept so that later line numbers do not move) and `isArray(x)` in a condition into `x tt_isarray nil`.
// `{{tt_dumpData}}` becomes `{% tt_dump %}`. Fluid also reads conditions that liquidjs does not: a
// parenthesised group (`a and (b or c)`) and a filtered operand (`forloop.index | modulo: 2 == 0`); in
// `if` and `unless` these are computed just before the tag (capture / assign) and the condition reads them.

const CALL = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(/
const CONDITION_TAGS = /^\s*-?\s*(if|elsif|unless|when)\b/

/** Index just past the `close` that ends a tag starting at `from`, skipping quoted strings; -1 if none. */
function tagEnd(src: string, from: number, close: string): number {
  let quote: string | null = null
  for (let i = from; i < src.length; i++) {
    const c = src[i]
    if (quote) { if (c === quote) quote = null; continue }
    if (c === '"' || c === "'") { quote = c; continue }
    if (src.startsWith(close, i)) return i + close.length
  }
  return -1
}

/** Index of the parenthesis closing the one at `open`, skipping quoted strings; -1 if none. */
function closingParen(text: string, open: number): number {
  let depth = 0
  let quote: string | null = null
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (quote) { if (c === quote) quote = null; continue }
    if (c === '"' || c === "'") { quote = c; continue }
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
  }
  return -1
}

/** JSON that can sit inside a Liquid tag: no `%`, `{`, `}` characters left to end or open one. */
function encodeCall(call: string): string {
  return JSON.stringify(call).replace(/[%{}]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function lineBreaks(text: string): string {
  return text.replace(/[^\n]/g, '')
}

function rewriteOutput(inner: string): string | null {
  const trimmedLeft = inner.startsWith('-')
  const trimmedRight = inner.endsWith('-')
  const body = inner.slice(trimmedLeft ? 1 : 0, trimmedRight ? -1 : undefined)
  const open = trimmedLeft ? '{%-' : '{%'
  const close = trimmedRight ? '-%}' : '%}'
  if (/^\s*tt_dumpData\s*$/.test(body)) return `${open} tt_dump ${lineBreaks(body)}${close}`
  const m = CALL.exec(body)
  if (!m) return null
  const paren = body.indexOf('(', m[0].length - 1)
  const end = closingParen(body, paren)
  // `{{ fn(...) | filter }}` keeps its filters: they apply to the function's result.
  const call = end < 0 ? body.trim() : body.slice(0, end + 1).trim()
  const rest = end < 0 ? '' : body.slice(end + 1)
  return `${open} tt_call ${encodeCall(call)} ${encodeCall(rest.trim())}${lineBreaks(body)} ${close}`
}

const LOGICAL = /\s+(and|or)\s+/
const COMPARISON = /\s*(==|!=|<>|<=|>=|<|>|\scontains\s)\s*/

/** Splits at `re` outside quotes and parentheses, keeping the separators. */
function splitOutside(text: string, re: RegExp): string[] {
  const parts: string[] = []
  let depth = 0
  let quote: string | null = null
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quote) { if (c === quote) quote = null; continue }
    if (c === '"' || c === "'") { quote = c; continue }
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (depth === 0) {
      const m = new RegExp(re.source, 'y')
      m.lastIndex = i
      const hit = m.exec(text)
      if (hit && hit[0].length > 0) {
        parts.push(text.slice(start, i), hit[0])
        i += hit[0].length - 1
        start = i + 1
      }
    }
  }
  parts.push(text.slice(start))
  return parts
}

interface Hoisted { prefix: string; condition: string }

/** `(group)` and `operand | filter` in a condition become variables computed before the tag. */
function hoistCondition(condition: string, next: () => string): Hoisted {
  let prefix = ''
  const parts = splitOutside(condition, LOGICAL).map((part, i) => {
    if (i % 2 === 1) return part
    const operands = splitOutside(part, COMPARISON).map((operand, j) => {
      if (j % 2 === 1) return operand
      const trimmed = operand.trim()
      const group = /^\(([\s\S]*)\)$/.exec(trimmed)
      if (group && !/^[^()]*\.\.[^()]*$/.test(group[1]) && closingParen(trimmed, 0) === trimmed.length - 1) {
        const inner = hoistCondition(group[1], next)
        const name = next()
        prefix += `${inner.prefix}{% capture ${name} %}{% if ${inner.condition} %}true{% endif %}{% endcapture %}`
        return ` ${name} == "true" `
      }
      if (trimmed.includes('|') && splitOutside(trimmed, /\|/).length > 1) {
        const name = next()
        prefix += `{% assign ${name} = ${trimmed} %}`
        return ` ${name} `
      }
      return operand
    })
    return operands.join('')
  })
  return { prefix, condition: parts.join('') }
}

/** `isArray(x)` → `x tt_isarray nil`, a binary operator liquidjs accepts in any condition. */
function replaceIsArray(text: string): string {
  if (!/isArray\s*\(/.test(text)) return text
  let out = ''
  let i = 0
  const re = /\bisArray\s*\(/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text))) {
    const open = m.index + m[0].length - 1
    const end = closingParen(text, open)
    if (end < 0) break
    out += text.slice(i, m.index) + `${text.slice(open + 1, end).trim()} tt_isarray nil`
    i = end + 1
    re.lastIndex = i
  }
  return out + text.slice(i)
}

function rewriteCondition(inner: string): string {
  return CONDITION_TAGS.test(inner) ? replaceIsArray(inner) : inner
}

/** The template with TemplateTo's function calls rewritten as tags; text outside tags is untouched. */
export function rewriteFunctions(src: string): string {
  if (!src.includes('(') && !src.includes('tt_dumpData') && !src.includes('|')) return src
  let hoisted = 0
  const next = () => `tt_cond_${++hoisted}`
  let out = ''
  let i = 0
  while (i < src.length) {
    const open = src.indexOf('{', i)
    if (open < 0 || open + 1 >= src.length) break
    const kind = src[open + 1]
    if (kind !== '{' && kind !== '%') { out += src.slice(i, open + 1); i = open + 1; continue }
    // {% raw %} … {% endraw %} and comments pass through as they are.
    const rawMatch = /^\{%-?\s*(raw|comment)\s*-?%\}/.exec(src.slice(open, open + 40))
    if (rawMatch) {
      const endTag = new RegExp(`\\{%-?\\s*end${rawMatch[1]}\\s*-?%\\}`, 'g')
      endTag.lastIndex = open + rawMatch[0].length
      const endMatch = endTag.exec(src)
      const stop = endMatch ? endMatch.index + endMatch[0].length : src.length
      out += src.slice(i, stop)
      i = stop
      continue
    }
    const end = tagEnd(src, open + 2, kind === '{' ? '}}' : '%}')
    if (end < 0) break
    const inner = src.slice(open + 2, end - 2)
    if (kind === '{') {
      const rewritten = rewriteOutput(inner)
      out += src.slice(i, open) + (rewritten ?? src.slice(open, end))
    } else {
      const tag = /^(-?\s*)(if|unless)(\s+)([\s\S]*?)(\s*-?)$/.exec(inner)
      const h = tag && (tag[4].includes('(') || tag[4].includes('|')) ? hoistCondition(replaceIsArray(tag[4]), next) : null
      out += src.slice(i, open) + (h && tag ? `${h.prefix}{%${tag[1]}${tag[2]}${tag[3]}${h.condition.trim()}${tag[5]}%}` : '{%' + rewriteCondition(inner) + '%}')
    }
    i = end
  }
  return out + src.slice(i)
}
