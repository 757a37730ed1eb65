import type { FetchPolicy } from '../contract.js'

export class GuardedFetchError extends Error {
  constructor(public readonly url: string, public readonly reason: string) {
    super(`fetch of ${url} refused: ${reason}`)
    this.name = 'GuardedFetchError'
  }
}

export interface GuardedFetchInit {
  method?: 'GET' | 'POST' | 'PUT'
  headers?: Record<string, string>
  body?: Uint8Array | string
  allowedSchemes?: string[]
}

export interface GuardedResponse { status: number; headers: Headers | Record<string, string>; bytes: Buffer }

export async function guardedFetch(url: string, policy: FetchPolicy, init?: GuardedFetchInit): Promise<GuardedResponse> {
  void policy; void init
  throw new GuardedFetchError(url, 'not implemented yet')
}
