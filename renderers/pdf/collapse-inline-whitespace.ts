// CSS Text §4 white-space processing over a whole inline formatting context: a space that follows a collapsible
// space in an earlier element disappears too ("a <b> b</b>" has one space). Preserved newlines become <br> items.
// text-transform is applied here as well, since "capitalize" needs the same cross-element view of word starts.
import type { InlineItem } from './boxes.js'
import type { ComputedStyle } from '../document/styled-tree.js'

type TextItem = Extract<InlineItem, { kind: 'text' }>

export function collapseInlineWhitespace(items: InlineItem[]): InlineItem[] {
  const out: InlineItem[] = []
  let afterSpace = true
  let prevChar = ' '
  const emit = (item: TextItem, text: string) => {
    if (!text) return
    text = transform(text, item.style, prevChar)
    prevChar = text[text.length - 1]
    out.push({ ...item, text })
  }
  for (const item of items) {
    if (item.kind !== 'text') {
      if (item.kind === 'atomic') { afterSpace = false; prevChar = 'x' }
      if (item.kind === 'br') { afterSpace = true; prevChar = ' ' }
      out.push(item)
      continue
    }
    const ws = item.style.whiteSpace
    if (ws === 'normal' || ws === 'nowrap') {
      let text = item.text.replace(/[ \t\n\r\f]+/g, ' ')
      if (afterSpace && text.charCodeAt(0) === 32) text = text.slice(1)
      if (text) afterSpace = text.charCodeAt(text.length - 1) === 32
      emit(item, text)
      continue
    }
    const lines = item.text.split(/\r\n|\r|\n/)
    lines.forEach((line, i) => {
      if (i > 0) { out.push({ kind: 'br', style: item.style }); afterSpace = true; prevChar = ' ' }
      if (ws === 'pre-line') {
        let text = line.replace(/[ \t\f]+/g, ' ')
        if (afterSpace && text.charCodeAt(0) === 32) text = text.slice(1)
        // Spaces before a preserved newline are removed as well.
        if (i < lines.length - 1) text = text.replace(/ $/, '')
        if (text) afterSpace = text.charCodeAt(text.length - 1) === 32
        emit(item, text)
      } else {
        const text = expandTabs(line)
        if (text) afterSpace = false
        emit(item, text)
      }
    })
  }
  return out
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line
  let out = ''
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch
  return out
}

function transform(text: string, style: ComputedStyle, prevChar: string): string {
  switch (style.textTransform) {
    case 'uppercase': return text.toUpperCase()
    case 'lowercase': return text.toLowerCase()
    case 'capitalize': {
      let out = ''
      let prev = prevChar
      for (const ch of text) {
        out += /[\s\p{P}]/u.test(prev) && !/['’]/.test(prev) ? ch.toUpperCase() : ch
        prev = ch
      }
      return out
    }
    default: return text
  }
}
