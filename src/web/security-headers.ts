// Headers on every web-interface response. Scripts come only from /assets; styles from /assets plus
// the per-response nonce (CodeMirror injects its theme as <style> elements carrying that nonce).
// Previews are blob: URLs made by the page itself (PNG in an <img>, PDF in an <iframe>).

export function securityHeaders(nonce: string, https: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "frame-src 'self' blob:",
    "object-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  const headers: Record<string, string> = {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
  if (https) headers['strict-transport-security'] = 'max-age=31536000'
  return headers
}
