// The web interface's built assets (dist/public: the editor and htmx bundles, styles, icon, source maps) at
// /assets/…: a file of that folder with its media type, a validator (ETag, Last-Modified → 304) and five
// minutes of browser cache. It replaced @fastify/static, whose own glob, minimatch and lru-cache copies were
// 8 MB of production node_modules for these few files (docs/operations.md).
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import type { FastifyInstance } from 'fastify'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

export interface StaticAssetsOptions {
  /** The folder served (absolute). */
  root: string
  /** Where the files appear, ending in '/', e.g. '/assets/' (not `prefix`: Fastify would prefix the route with it). */
  urlPath: string
}

export default async function staticAssets(app: FastifyInstance, options: StaticAssetsOptions): Promise<void> {
  const root = resolve(options.root)
  app.get<{ Params: { '*': string } }>(`${options.urlPath}*`, { schema: { hide: true } }, async (request, reply) => {
    const path = resolve(root, request.params['*'])
    // Only files inside the folder, of a known type: no '..', no directory listing, no dotfiles.
    const type = TYPES[extname(path)]
    const inside = path.startsWith(root + sep) && !path.slice(root.length).includes(`${sep}.`)
    const info = type && inside ? await stat(path).catch(() => null) : null
    if (!info?.isFile()) return reply.callNotFound()
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
    reply.header('etag', etag).header('last-modified', info.mtime.toUTCString()).header('cache-control', 'public, max-age=300')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type(type).header('content-length', info.size).send(createReadStream(path))
  })
}
