// A value from the data or the template, as an error message quotes it: whole when short, else its start and
// its length — a 100 KB date once made a 100 KB error body (issue 28 item 12).
const EXCERPT = 40

export function quoteInput(text: string, max = EXCERPT): string {
  if (text.length <= max) return `'${text}'`
  return `'${text.slice(0, max)}…' (${text.length.toLocaleString('en-US')} characters)`
}
