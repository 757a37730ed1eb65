// Render warnings (what a template used that Quire ignored or approximated) for the caller, not only the
// server log: `Quire-Warnings: <count>` on every sync render and preview, and the first of them, as
// URL-encoded JSON, in `Quire-Warning-List` (bounded: response headers must stay small).
const MAX_LISTED = 20
const MAX_CHARS = 200

export function warningHeaders(warnings: readonly string[]): Record<string, string> {
  const listed = warnings.slice(0, MAX_LISTED).map((w) => (w.length > MAX_CHARS ? `${w.slice(0, MAX_CHARS - 1)}…` : w))
  return {
    'quire-warnings': String(warnings.length),
    'quire-warning-list': encodeURIComponent(JSON.stringify(listed)),
  }
}
