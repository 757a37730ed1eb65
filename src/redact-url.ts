// TemplateTo's clients may send the API key as the `x-api-key` query parameter (Zapier, n8n, browser
// links). A URL is logged on every request, so the key's value is replaced before any log line is written.

const KEY_PARAM = /([?&]x-api-key=)[^&#]*/gi

export function redactUrl(url: string): string {
  return url.includes('=') ? url.replace(KEY_PARAM, '$1[redacted]') : url
}
