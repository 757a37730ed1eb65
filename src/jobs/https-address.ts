// Checks an address a caller gives for Quire to call later (outputPresignedUrl, webhookUrl): absolute,
// https, no credentials, bounded length. Whether its host may be reached is decided at call time by
// the guarded fetcher (after DNS resolution), not here.
const MAX_LENGTH = 4096

/** The problem with the address, or null when it is acceptable. */
export function httpsAddressProblem(value: string): string | null {
  if (value.length > MAX_LENGTH) return `the address is longer than ${MAX_LENGTH} characters`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `${JSON.stringify(value.slice(0, 200))} is not an absolute URL`
  }
  if (url.protocol !== 'https:') return `the address must use https, not ${url.protocol.replace(/:$/, '')}`
  if (url.username || url.password) return 'the address must not contain a user name or password'
  if (!url.hostname) return 'the address has no host'
  return null
}
