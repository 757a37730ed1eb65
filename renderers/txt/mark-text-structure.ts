// Prepare rendered HTML for plain text: drop what a reader would not see (display:none, [hidden]) and
// turn forced page breaks (`<div class="page-break">`, page-break-*/break-*: page) into marker elements.
import { parse, type HTMLElement } from 'node-html-parser'
import { parseDeclarations, printStyleRules } from './print-style-rules.js'

export const PAGE_BREAK_TAG = 'quire-page-break'

interface TextStyle { display?: string; before?: string; after?: string }

const FORCED = new Set(['always', 'page', 'left', 'right', 'recto', 'verso'])

function textStyleOf(decls: Record<string, string>): TextStyle {
  const style: TextStyle = {}
  if (decls.display) style.display = decls.display
  const before = decls['break-before'] ?? decls['page-break-before']
  const after = decls['break-after'] ?? decls['page-break-after']
  if (before) style.before = before
  if (after) style.after = after
  return style
}

function stylesheetStyles(root: HTMLElement): Map<HTMLElement, TextStyle> {
  const styles = new Map<HTMLElement, TextStyle>()
  for (const sheet of root.querySelectorAll('style')) {
    for (const rule of printStyleRules(sheet.rawText)) {
      const style = textStyleOf(rule.decls)
      if (Object.keys(style).length === 0) continue
      let matched: HTMLElement[]
      try {
        matched = root.querySelectorAll(rule.selector)
      } catch {
        continue // pseudo-elements and selectors the matcher does not know
      }
      for (const el of matched) styles.set(el, { ...styles.get(el), ...style })
    }
  }
  return styles
}

export function markTextStructure(html: string): string {
  const root = parse(html, { comment: false, blockTextElements: { script: true, noscript: true, style: true, pre: true } })
  const sheet = stylesheetStyles(root)
  const hidden: HTMLElement[] = []
  for (const el of root.querySelectorAll('*')) {
    const inline = el.getAttribute('style')
    const style: TextStyle = { ...sheet.get(el), ...(inline ? textStyleOf(parseDeclarations(inline)) : {}) }
    if (style.display === 'none' || el.hasAttribute('hidden')) {
      hidden.push(el)
      continue
    }
    const classes = el.classList
    const breakAfter = (style.after && FORCED.has(style.after)) || (classes.contains('page-break') && !style.before)
    if (style.before && FORCED.has(style.before)) el.insertAdjacentHTML('beforebegin', `<${PAGE_BREAK_TAG}></${PAGE_BREAK_TAG}>`)
    if (breakAfter) el.insertAdjacentHTML('afterend', `<${PAGE_BREAK_TAG}></${PAGE_BREAK_TAG}>`)
  }
  for (const el of hidden) el.remove()
  return root.toString()
}
