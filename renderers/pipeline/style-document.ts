// The front end, steps 1–2: template → HTML → DOM → linked and imported stylesheets → styled tree, styled
// for the media its own @page rule gives. The @page rule is read before the tree is styled (pageRuleOf), so
// the tree is styled once; only an @page rule that uses var() (known once the root is styled) or a page that
// turns out another size makes a second pass, so that media queries and vw/vh see the real page.
import type { RenderBudgets, RenderTask } from '../contract.js'
import { budgetsOf } from '../default-budgets.js'
import { buildStyledDocument, pageRuleOf, withImports } from '../document/index.js'
import { parseHtml } from '../document/parse-html.js'
import { releaseDomContent } from '../document/release-dom-content.js'
import type { ElementLines } from '../element-name.js'
import type { ParsedHtml } from '../document/parse-html.js'
import type { MediaContext, PageRule, StyledDocument } from '../document/styled-tree.js'
import { loadStylesheets } from '../resources/load-stylesheets.js'
import { renderDocumentHtml } from '../template/index.js'
import { TemplateOrigins } from '../template/template-origins.js'
import { Warnings } from '../warnings.js'
import { elementLines } from './element-lines.js'

export interface StyledSource {
  html: string
  /** Where an element's start tag was written (the template's line for a template): what warnings about elements name. */
  lines: ElementLines
  dom: ParsedHtml
  styled: StyledDocument
  media: MediaContext
  /** The @page rule the media was chosen for (the plain page's: no :first, :left/:right or named page). */
  page: PageRule
  budgets: RenderBudgets
  /** The template's (variables the data lacks), the stylesheets' and the styled tree's warnings, in that order; later stages add theirs. */
  warnings: Warnings
}

/** The media a document is styled for, given its plain @page rule (null before that is known). */
export type MediaFor = (page: PageRule | null) => MediaContext

const sameSize = (a: MediaContext, b: MediaContext) => Math.abs(a.width - b.width) <= 0.5 && Math.abs(a.height - b.height) <= 0.5

export async function styleDocument(task: RenderTask, mediaFor: MediaFor): Promise<StyledSource> {
  const warnings = new Warnings()
  const origins = new TemplateOrigins()
  const html = await renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits, warn: warnings.add, origins })
  const budgets = budgetsOf(task.limits)
  const dom = parseHtml(html)
  const linked = await loadStylesheets(dom.styles, task.fetch, budgets)
  const parsed = withImports(dom, linked.sheets)
  const guess = mediaFor(null)
  const rule = pageRuleOf(parsed, guess)
  let styled = rule ? null : buildStyledDocument(parsed, guess, budgets)
  const page = rule ?? styled!.page
  let media = mediaFor(page)
  if (!sameSize(media, guess)) styled = buildStyledDocument(parsed, media, budgets)
  else media = guess
  styled ??= buildStyledDocument(parsed, guess, budgets)
  warnings.addAll(linked.warnings)
  warnings.addAll(styled.warnings)
  const lines = elementLines(html, parsed.dom.root, origins.sourceLines())
  // Styled for the last time: what the body's elements still need of their parsed form is where they were written.
  releaseDomContent(parsed.dom.body)
  return { html, lines, dom: parsed.dom, styled, media, page, budgets, warnings }
}
