// A write to an engine that may be briefly gone (a PostgreSQL restart, S3 unreachable, a disk being freed):
// tried again with doubling waits until it works or `forMs` has passed, then the last error is thrown.
export async function retrying<T>(work: () => Promise<T>, forMs: number, stop?: AbortSignal, firstWaitMs = 250): Promise<T> {
  const giveUpAt = Date.now() + forMs
  for (let wait = firstWaitMs; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      return await work()
    } catch (error) {
      if (stop?.aborted || Date.now() + wait > giveUpAt) throw error
      await new Promise((resolve) => setTimeout(resolve, wait).unref())
    }
  }
}
