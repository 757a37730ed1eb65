// A string that holds only its own characters. V8 cuts a substring of 13 or more characters (a CSS value, a
// selector) as a view into the string it came from, and that view keeps the whole source alive: a value cached
// by its text kept the rendered HTML or stylesheet it was read from (up to 1.5 MB each, 4 MB a worker after the
// corpus) long after the document's own caches had let it go. A module-level cache keys and parses a copy.

/** A flat copy of `text` (its characters and one more, not the document it was cut from). */
export function detached(text: string): string {
  // The concatenation is flattened into a new string by slice(), which then views that copy only.
  return (' ' + text).slice(1)
}
