// Long base64 runs (data: URIs in attributes and style sheets) set aside before parse5 sees the document and
// put back after (see parse-html.ts for why). A hand-written scan rather than /[A-Za-z0-9+/=]{256,}/g: inside
// a render, that expression's first match on each new document cost 5–10 ms (unseen bench invoice, 65 K
// characters, timed in the render), though on the same text alone it takes about 0.2 ms — as long as this
// scan takes (V8's regexp tiering is the likely cause; not pinned down).

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
