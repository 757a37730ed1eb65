// Checks an address a caller gives for Quire to call later (outputPresignedUrl, webhookUrl): absolute,
// https, no credentials, bounded length. Whether its host may be reached is decided at call time by
// the guarded fetcher (after DNS resolution), not here. A webhook may also be http:// to loopback when the
// development setting WEBHOOK_DEV_HTTP_LOOPBACK is on.
const MAX_LENGTH = 4096

/** The names a developer's own machine answers to. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** The problem with the address, or null when it is acceptable. */
export function httpsAddressProblem(value: string, options: { httpLoopback?: boolean } = {}): string | null {
  if (value.length > MAX_LENGTH) return `the address is longer than ${MAX_LENGTH} characters`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `${JSON.stringify(value.slice(0, 200))} is not an absolute URL`
  }
  const devLoopback = options.httpLoopback === true && url.protocol === 'http:' && isLoopbackHost(url.hostname)
  if (url.protocol !== 'https:' && !devLoopback) {
    return `the address must use https, not ${url.protocol.replace(/:$/, '')}${options.httpLoopback ? ' (http only to localhost, 127.0.0.0/8 or ::1: WEBHOOK_DEV_HTTP_LOOPBACK)' : ''}`
  }
  if (url.username || url.password) return 'the address must not contain a user name or password'
  if (!url.hostname) return 'the address has no host'
  return null
}
