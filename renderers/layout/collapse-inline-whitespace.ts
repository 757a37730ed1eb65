// CSS Text §4 white-space processing over a whole inline formatting context: a space that follows a collapsible
// space in an earlier element disappears too ("a <b> b</b>" has one space). Preserved newlines become <br> items.
// text-transform is applied here as well, since "capitalize" needs the same cross-element view of word starts.
import type { InlineItem } from './boxes.js'
import type { ComputedStyle } from '../document/styled-tree.js'
import { smallCapsRuns } from './small-caps-runs.js'

type TextItem = Extract<InlineItem, { kind: 'text' }>

export function collapseInlineWhitespace(items: InlineItem[]): InlineItem[] {
  const out: InlineItem[] = []
  let afterSpace = true
  let prevChar = ' '
  for (const item of items) {
    if (item.kind !== 'text') {
      if (item.kind === 'atomic') { afterSpace = false; prevChar = 'x' }
      if (item.kind === 'br') { afterSpace = true; prevChar = ' ' }
      out.push(item)
      continue
    }
    const ws = item.style.whiteSpace
    if (ws === 'normal' || ws === 'nowrap') {
      let text = collapsesSpace(item.text) ? item.text.replace(/[ \t\n\r\f]+/g, ' ') : item.text
      if (afterSpace && text.charCodeAt(0) === 32) text = text.slice(1)
      if (text) {
        afterSpace = text.charCodeAt(text.length - 1) === 32
        text = transform(text, item.style, prevChar)
        prevChar = text[text.length - 1]
        push(out, withText(item, text))
      }
      continue
    }
    const lines = item.text.split(/\r\n|\r|\n/)
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) { out.push({ kind: 'br', style: item.style }); afterSpace = true; prevChar = ' ' }
      let text: string
      if (ws === 'pre-line') {
        text = lines[i].replace(/[ \t\f]+/g, ' ')
        if (afterSpace && text.charCodeAt(0) === 32) text = text.slice(1)
        // Spaces before a preserved newline are removed as well.
        if (i < lines.length - 1) text = text.replace(/ $/, '')
        if (text) afterSpace = text.charCodeAt(text.length - 1) === 32
      } else {
        text = expandTabs(lines[i])
        if (text) afterSpace = false
      }
      if (!text) continue
      text = transform(text, item.style, prevChar)
      prevChar = text[text.length - 1]
      push(out, withText(item, text))
    }
  }
  return out
}

/** Whether collapsing changes the text: a tab, line break or form feed, or two spaces in a row. */
function collapsesSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 9 || c === 10 || c === 12 || c === 13) return true
    if (c === 32 && text.charCodeAt(i + 1) === 32) return true
  }
  return false
}

/** Small caps are cut into runs here, after text-transform, which they draw on (uppercase text stays full size). */
function push(out: InlineItem[], item: TextItem): void {
  if (item.style.fontVariantCaps === 'normal') out.push(item)
  else for (const run of smallCapsRuns(item)) out.push(run)
}

function withText(item: TextItem, text: string): TextItem {
  return { kind: 'text', text, style: item.style, link: item.link, decoration: item.decoration, owner: item.owner }
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
