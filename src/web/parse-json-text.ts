// Parses the sample-data text of the editor. On failure it reports the line and column of the first
// error: V8's messages carry a position only for some errors ("Unexpected token '}'" has none), so a
// small scanner finds where the text stops being JSON.

export type JsonTextResult =
  | { ok: true; value: unknown }
  | { ok: false; message: string; line: number; column: number }

/** Offset of the first character that cannot continue a JSON text (text.length when it ends early). */
function firstErrorOffset(text: string): number {
  let i = 0
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++ }
  const fail = (): never => { throw i }
  const literal = (word: string) => { if (text.startsWith(word, i)) i += word.length; else fail() }
  const string = () => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') {
        i++
        if (text[i] === 'u') { if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail(); i += 4 } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail()
      } else if (text.charCodeAt(i) < 0x20) fail()
      i++
    }
    if (i >= text.length) fail()
    i++
  }
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!match) fail()
    i += match![0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++; ws()
      if (text[i] === '}') { i++; return }
      for (;;) {
        ws(); if (text[i] !== '"') fail(); string(); ws()
        if (text[i] !== ':') fail(); i++; value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === '}') { i++; return }
        fail()
      }
    }
    if (c === '[') {
      i++; ws()
      if (text[i] === ']') { i++; return }
      for (;;) {
        value(); ws()
        if (text[i] === ',') { i++; continue }
        if (text[i] === ']') { i++; return }
        fail()
      }
    }
    if (c === '"') return string()
    if (c === 't') return literal('true')
    if (c === 'f') return literal('false')
    if (c === 'n') return literal('null')
    return number()
  }
  try {
    value(); ws()
    return i < text.length ? i : -1
  } catch (offset) {
    return offset as number
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset))
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}

export function parseJsonText(text: string): JsonTextResult {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (err) {
    const message = (err as Error).message
      .replace(/ at position \d+.*$/s, '').replace(/ in JSON$/, '').replace(/, (\.\.\.)?".*$/s, '')
    const offset = firstErrorOffset(text)
    return { ok: false, message, ...lineColumn(text, offset < 0 ? text.length : offset) }
  }
}
