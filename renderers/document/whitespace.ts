// White-space processing for back-ends: the styled tree keeps source text; layout applies this per node.
import type { ComputedStyle } from './styled-tree.js'

/**
 * Collapses white space as `white-space: mode` requires:
 * - normal, nowrap: every run of spaces, tabs and newlines becomes one space;
 * - pre-line: runs of spaces and tabs become one space, newlines are kept (spaces around them removed);
 * - pre, pre-wrap, break-spaces: the text is kept as is (CR LF normalised to LF).
 * Non-breaking spaces (U+00A0) are never collapsed. Leading/trailing spaces at line starts and ends are
 * layout's business and are left in place.
 */
export function collapseWhitespace(text: string, mode: ComputedStyle['whiteSpace']): string {
  switch (mode) {
    case 'normal':
    case 'nowrap':
      return text.replace(/[ \t\n\r\f]+/g, ' ')
    case 'pre-line':
      return text.replace(/\r\n?/g, '\n').replace(/[ \t\f]*\n[ \t\f]*/g, '\n').replace(/[ \t\f]+/g, ' ')
    default:
      return text.replace(/\r\n?/g, '\n')
  }
}
