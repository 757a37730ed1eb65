// Where each piece of a template's output came from, so that a warning about an element names the line of the
// template the author edits rather than the line of the HTML it rendered to. The synchronous render loop
// (sync-renderer.ts) notes, before each write to the document's emitter, the output length and the template
// piece (its liquidjs token) being written: text between tags maps character for character, an output or a tag
// to where it starts. A loop's body maps every iteration to the body's lines; an include or a content block to
// the block's own lines (named by the block). What a tag renders into another buffer first (`capture`) maps
// to the output that writes it. Not covered: liquidjs's own render loop (QUIRE_PATCHES=off, and renders it
// falls back to) notes nothing, and the lines are then the rendered HTML's.
import { htmlLines, type SourceLines } from '../element-name.js'

/** The parts of a liquidjs token read here (an HTML token's trimLeft: whitespace control cut from its start). */
interface Origin { input: string; begin: number; file?: string; trimLeft?: number }

export class TemplateOrigins {
  /** Output offsets, non-decreasing, and the token whose text starts there. */
  private readonly starts: number[] = []
  private readonly tokens: Origin[] = []
  /** Whether `tokens[i]` is template text copied as is (an offset inside maps one to one). */
  private readonly verbatim: boolean[] = []

  note(outputLength: number, token: Origin, verbatim: boolean): void {
    this.starts.push(outputLength)
    this.tokens.push(token)
    this.verbatim.push(verbatim)
  }

  /** The template's output the notes were taken of (set when its render ends; null when no template was rendered). */
  output: string | null = null

  /**
   * Where a line of the HTML laid out was written: the template's line (a block's, named), or the HTML's own
   * when no template made it. The HTML laid out has the output's line breaks (the base href rewrites addresses
   * within lines); a column past an address it rewrote on the same line is off by the address's change.
   */
  sourceLines(): SourceLines {
    const html = this.output
    if (html === null) return htmlLines
    let lineStarts: number[] | null = null
    return (line, col) => {
      lineStarts ??= lineStartsOf(html)
      const offset = (lineStarts[line - 1] ?? html.length) + col - 1
      const i = lastAtOrBefore(this.starts, offset)
      if (i < 0) return `line ${line} of the rendered HTML`
      const token = this.tokens[i]
      const at = token.begin + (this.verbatim[i] ? (token.trimLeft ?? 0) + offset - this.starts[i] : 0)
      const templateLine = lineOfOffset(token.input, at)
      return token.file ? `line ${templateLine} of content block '${token.file}'` : `line ${templateLine}`
    }
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}

/** The last index whose value is at most `value` (-1 when none is). */
function lastAtOrBefore(sorted: number[], value: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid] <= value) lo = mid + 1
    else hi = mid
  }
  return lo - 1
}
