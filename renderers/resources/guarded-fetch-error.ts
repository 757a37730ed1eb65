// Why an outbound request was refused or failed, as data: callers log `reason` and map `kind` to
// their own error (a missing image is a warning, a failed webhook a retry).
export type GuardedFetchFailure = 'bad-url' | 'scheme' | 'address' | 'dns' | 'timeout' | 'too-large' | 'redirects' | 'network'

export class GuardedFetchError extends Error {
  constructor(
    public readonly kind: GuardedFetchFailure,
    public readonly url: string,
    public readonly reason: string,
  ) {
    super(`fetch ${url}: ${reason}`)
    this.name = 'GuardedFetchError'
  }
}
