// liquidjs says an unclosed `{{` or `{%` by quoting everything from it to the end of the template
// (`output "{{ name</p>\n<p>…(the rest of the page)" not closed`), which hides what is wrong. This says which
// delimiter is missing and quotes only the start, for the API, the editor and the CLI alike.
const EXCERPT = 30

/** liquidjs quotes with newlines escaped (`\\n`) and cuts long quotes with "..."; keep the first line's start. */
function excerpt(quoted: string): string {
  const text = quoted.replace(/\.\.\.$/, '')
  const firstLine = text.split('\\n')[0]
  const cut = firstLine.length > EXCERPT ? firstLine.slice(0, EXCERPT) : firstLine
  return cut === quoted ? cut : `${cut}…`
}

export function explainSyntaxMessage(message: string): string {
  const output = /^output "([\s\S]*)" not closed$/.exec(message)
  if (output) return `"{{" is not closed by "}}": ${JSON.stringify(excerpt(output[1]))}`
  const tag = /^tag "([\s\S]*)" not closed$/.exec(message)
  if (tag) return `"{%" is not closed by "%}": ${JSON.stringify(excerpt(tag[1]))}`
  return message
}
