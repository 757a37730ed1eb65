// Every Liquid and HTML snippet of TemplateTo's template docs (dynamic-content pages, functions and
// recipes, extracted into recipes/doc-snippets.json with the docs commit) must be accepted at save time,
// except the few that the docs themselves show as wrong or as placeholders.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { checkLiquidSyntax } from '../../../../renderers/template/index.js'

interface Snippet { page: string; offset: number; lang: string; code: string }
const { snippets } = JSON.parse(readFileSync(new URL('./recipes/doc-snippets.json', import.meta.url), 'utf8')) as { snippets: Snippet[] }

/** Snippets that are not templates: the docs' "Wrong" examples, syntax placeholders, a fragment without its end tag. */
const NOT_TEMPLATES: Record<string, RegExp> = {
  'debugging.md@795': /expected ":" after filter name/, // "{{ name | upcase }" shown as a missing brace
  'debugging.md@4049': /expected ":" after filter name/, // <!-- Wrong --> then <!-- Right -->
  'filters-tags.md@275': /undefined filter: filter_name/, // {{ value | filter_name }}
  'functions/index.md@748': /unknown function 'functionName'/, // {{ functionName(argument1, argument2) }}
  'liquid-reference.md@2434': /not closed/, // three {% for %} openings shown without their ends
}

t.test('the docs snippets parse', async (t) => {
  t.ok(snippets.length > 150, `${snippets.length} snippets`)
  for (const s of snippets) {
    const id = `${s.page}@${s.offset}`
    const problem = checkLiquidSyntax(s.code)
    if (NOT_TEMPLATES[id]) t.match(problem?.message, NOT_TEMPLATES[id], `${id} is refused for the reason the docs show`)
    else t.equal(problem, null, `${id} parses`)
  }
})
