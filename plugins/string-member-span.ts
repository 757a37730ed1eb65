// Where one member's string value lies in the bytes of a JSON object, found without decoding the bytes: the
// raw-HTML renders take their Base64 member from the body's bytes (plugins/json-body.ts), so that the main
// thread does not make a string of the whole body to parse it, and another of the member.
// Strings are skipped by indexOf to their closing quote (memchr), as scanJson skips them.

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c

/** The index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(json: Uint8Array, open: number): number {
  for (let at = open; ;) {
    const close = json.indexOf(QUOTE, at + 1)
    if (close < 0) return -1
    let backslashes = 0
    while (json[close - 1 - backslashes] === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return close
    at = close
  }
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/**
 * The bytes between the quotes of the string value of the top-level member `name` of a JSON object: the last
 * such member, the one JSON.parse keeps. Null when the text is not an object, has no such member, or that
 * member's value is not a string or holds an escape (only JSON.parse reads those right). `name` is plain ASCII.
 */
export function stringMemberSpan(json: Uint8Array, name: string): { start: number; end: number } | null {
  const key = Buffer.from(JSON.stringify(name))
  let found: { start: number; end: number } | null = null
  let depth = 0
  /** The container at depth 1 is an object, and the next string in it is a member's name. */
  let rootIsObject = false
  let atName = false
  for (let i = 0; i < json.length; i++) {
    const c = json[i]
    if (c === QUOTE) {
      const close = closingQuote(json, i)
      if (close < 0) return null
      const isKey = depth === 1 && atName && close + 1 - i === key.length && Buffer.compare(key, json.subarray(i, close + 1)) === 0
      atName = false
      i = close
      if (!isKey) continue
      let at = i + 1
      while (isSpace(json[at])) at++
      if (json[at] !== COLON) return null
      at++
      while (isSpace(json[at])) at++
      if (json[at] !== QUOTE) {
        found = null // not a string: this member, the one kept, is JSON.parse's to read
        continue
      }
      const end = closingQuote(json, at)
      if (end < 0) return null
      const escaped = json.indexOf(BACKSLASH, at + 1)
      found = escaped >= 0 && escaped < end ? null : { start: at + 1, end }
      i = end
    } else if (c === 0x7b || c === 0x5b) { // { [
      depth++
      if (depth === 1) rootIsObject = c === 0x7b
      atName = depth === 1 && rootIsObject
    } else if (c === 0x7d || c === 0x5d) depth-- // } ]
    else if (c === COMMA) atName = depth === 1 && rootIsObject
  }
  return found
}
