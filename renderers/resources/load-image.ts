// One image reference → decoded image. data: URIs are decoded in-process (and cached per worker,
// since the same logo is inlined in every render); http(s) URLs go through the guarded fetcher.
import { createHash } from 'node:crypto'
import type { FetchPolicy } from '../contract.js'
import { decodeDataUri } from './decode-data-uri.js'
import { decodeImage, type DecodeBudget } from './decode-image.js'
import { guardedFetch } from './guarded-fetch.js'
import type { LoadedImage } from './index.js'

const MAX_CACHED_DATA_URIS = 64
const dataUriCache = new Map<string, Promise<LoadedImage>>()

function loadDataUri(uri: string, budget: DecodeBudget): Promise<LoadedImage> {
  // The budget is part of the key: the same logo is kept at each size it was downscaled to.
  const key = `${budget.maxPixels}:${budget.maxSvgElements}:${budget.maxWidth}:` + createHash('sha256').update(uri).digest('base64url')
  let hit = dataUriCache.get(key)
  if (hit) {
    dataUriCache.delete(key)
    dataUriCache.set(key, hit)
    return hit
  }
  hit = decodeImage(decodeDataUri(uri).bytes, budget)
  hit.catch(() => dataUriCache.delete(key))
  dataUriCache.set(key, hit)
  while (dataUriCache.size > MAX_CACHED_DATA_URIS) dataUriCache.delete(dataUriCache.keys().next().value as string)
  return hit
}

async function loadRemote(url: string, policy: FetchPolicy, budget: DecodeBudget): Promise<LoadedImage> {
  const res = await guardedFetch(url, policy, { headers: { accept: 'image/png,image/jpeg,image/svg+xml,image/webp,image/gif,image/*;q=0.8' } })
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status}`)
  return decodeImage(res.bytes, budget)
}

export async function loadImage(src: string, policy: FetchPolicy, budget: DecodeBudget): Promise<LoadedImage> {
  const text = src.trim()
  if (/^data:/i.test(text)) return loadDataUri(text, budget)
  // Protocol-relative URLs have no page to inherit a scheme from: https is the safe guess.
  const url = text.startsWith('//') ? `https:${text}` : text
  if (!/^https?:\/\//i.test(url)) throw new Error('only data:, http: and https: images can be loaded (relative URLs have no base)')
  return loadRemote(url, policy, budget)
}
