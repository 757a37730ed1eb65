// Resolve a URL's host and check every address it resolves to. The caller connects to the returned
// address itself, so a second DNS answer (rebinding) can never send the request elsewhere.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { forbiddenReason, isAllowed } from './address-policy.js'
import { GuardedFetchError } from './guarded-fetch-error.js'

export interface VettedAddress { hostname: string; address: string; family: 4 | 6 }

function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

async function resolveAll(url: URL, hostname: string, msLeft: number): Promise<Array<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GuardedFetchError('timeout', url.href, `timed out after ${msLeft} ms resolving ${hostname}`)), msLeft)
  })
  try {
    return await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout])
  } catch (err) {
    if (err instanceof GuardedFetchError) throw err
    throw new GuardedFetchError('dns', url.href, `cannot resolve host ${hostname}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
  } finally {
    clearTimeout(timer)
  }
}

export async function resolveVettedAddress(url: URL, allowHosts: readonly string[], msLeft: number): Promise<VettedAddress> {
  const hostname = bareHostname(url)
  const literal = isIP(hostname)
  const addresses = literal ? [{ address: hostname, family: literal }] : await resolveAll(url, hostname, msLeft)
  if (addresses.length === 0) throw new GuardedFetchError('dns', url.href, `host ${hostname} has no addresses`)
  // One forbidden answer refuses the host: mixing public and private answers is how rebinding starts.
  for (const { address } of addresses) {
    const reason = forbiddenReason(address)
    if (reason && !isAllowed(hostname, address, allowHosts)) {
      throw new GuardedFetchError('address', url.href, literal ? reason : `host ${hostname} resolves to ${address}: ${reason}`)
    }
  }
  const chosen = addresses[0]
  return { hostname, address: chosen.address, family: chosen.family === 6 ? 6 : 4 }
}
