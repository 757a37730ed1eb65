// Long base64 runs (data: URIs in attributes and style sheets) set aside before parse5 sees the document and
// put back after (see parse-html.ts for why). A hand-written scan rather than /[A-Za-z0-9+/=]{256,}/g: inside
// a render, that expression's first match on each new document cost 5–10 ms (unseen bench invoice, 65 K
// characters, timed in the render), though on the same text alone it takes about 0.2 ms — as long as this
// scan takes (V8's regexp tiering is the likely cause; not pinned down).
// Only the end of a run still going after MIN_RUN characters is found by a regexp, a bare character class
// (the bench's unseen invoice, a new document each render, costs the same: 23.8–25.3 → 22.4–24.4 ms alternated).

/** Runs shorter than this are ordinary words and numbers; data: URIs of any size worth setting aside are longer. */
export const MIN_RUN = 256

const IN_RUN = new Uint8Array(128)
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=') IN_RUN[c.charCodeAt(0)] = 1

/**
 * Replaces every maximal run of at least MIN_RUN base64 characters by `mark(i)`, i its index in `runs`.
 * Returns null (and leaves `html` alone) when there is none.
 *
 * Only every MIN_RUN-th character is looked at first: of any MIN_RUN characters in a row exactly one sits at
 * such a probe, so every long run holds one, and a probe inside a run is widened to the whole run. Ordinary
 * markup is passed over 256 characters at a time (the character-by-character scan was about 1 % of the CPU
 * of a render of the 200-row table).
 */
export function setAsideLongRuns(html: string, mark: (index: number) => string): { html: string; runs: string[] } | null {
  let runs: string[] | null = null
  let out = ''
  let copied = 0
  const n = html.length
  for (let probe = MIN_RUN - 1; probe < n; probe += MIN_RUN) {
    if (!inRun(html.charCodeAt(probe))) continue
    // Widened left no further than the last run's end (whose next character is no base64 character).
    let start = probe
    while (start > copied && inRun(html.charCodeAt(start - 1))) start--
    // Words and numbers end within a few characters, scanned here; a run still going after MIN_RUN is left to
    // the regexp engine, which finds its end in half the time of this loop (a 770 KB font: 1.9–2.4 → 0.8–1.1 ms).
    let end = probe + 1
    const scanned = Math.min(n, start + MIN_RUN)
    while (end < scanned && inRun(html.charCodeAt(end))) end++
    if (end === scanned && end < n) {
      NOT_IN_RUN.lastIndex = end
      const stop = NOT_IN_RUN.exec(html)
      end = stop === null ? n : stop.index
    }
    if (end - start >= MIN_RUN) {
      runs ??= []
      out += html.slice(copied, start) + mark(runs.length)
      runs.push(html.slice(start, end))
      copied = end
    }
    // The next probe lies past this run: the probes inside it would find it again.
    while (probe + MIN_RUN < end) probe += MIN_RUN
  }
  return runs === null ? null : { html: out + html.slice(copied), runs }
}

/** The first character after a run: any but the table's (as inRun, UTF-16 code units, no `u` flag). */
const NOT_IN_RUN = /[^A-Za-z0-9+/=]/g

function inRun(c: number): boolean {
  return c < 128 && IN_RUN[c] === 1
}
