// Long base64 runs (data: URIs in attributes and style sheets) set aside before parse5 sees the document and
// put back after (see parse-html.ts for why). A hand-written scan rather than /[A-Za-z0-9+/=]{256,}/g: V8
// compiles that quantifier into 256 unrolled steps, and in a render worker the compiled code kept being
// thrown away and rebuilt, so the first match on each new document cost 5–10 ms (unseen bench invoice,
// 65 K chars) where the scan costs about a tenth of a millisecond.

/** Runs shorter than this are ordinary words and numbers; data: URIs of any size worth setting aside are longer. */
export const MIN_RUN = 256

const IN_RUN = new Uint8Array(128)
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=') IN_RUN[c.charCodeAt(0)] = 1

/**
 * Replaces every maximal run of at least MIN_RUN base64 characters by `mark(i)`, i its index in `runs`.
 * Returns null (and leaves `html` alone) when there is none.
 */
export function setAsideLongRuns(html: string, mark: (index: number) => string): { html: string; runs: string[] } | null {
  let runs: string[] | null = null
  let out = ''
  let copied = 0
  let start = 0
  const n = html.length
  for (let i = 0; i <= n; i++) {
    const c = i < n ? html.charCodeAt(i) : 0
    if (c < 128 && IN_RUN[c] === 1) continue
    if (i - start >= MIN_RUN) {
      runs ??= []
      out += html.slice(copied, start) + mark(runs.length)
      runs.push(html.slice(start, i))
      copied = i
    }
    start = i + 1
  }
  return runs === null ? null : { html: out + html.slice(copied), runs }
}
