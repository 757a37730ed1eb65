// Connections are capped below the descriptor limit, in total and per client address, so that one client
// holding silent sockets cannot take the descriptors everyone else — and the service's own files, database,
// worker pipes and result files — need. Without a cap, a client holding as many sockets as there are
// descriptors made every other connection fail with EMFILE (accepted and closed at once). A connection over
// a cap is answered a short 503 problem+json naming the cap and closed, without ever reaching the HTTP parser.
import type { Server, Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.js'
import { descriptorLimit } from './descriptor-limit.js'
import { Errors, problemBody } from './errors.js'

/** Descriptors kept for the service's own use: a quarter of the limit, at least 256. */
export function reservedDescriptors(limit: number): number {
  return Math.max(256, Math.ceil(limit / 4))
}

/** Where the descriptor limit cannot be read (not Linux): as if it were this. */
const UNKNOWN_LIMIT = 1024

export interface ConnectionCaps { max: number; perAddress: number; descriptors: number }

/** The caps in force: MAX_CONNECTIONS (0 = all the limit allows), never past the limit less the reserve. */
export function connectionCaps(settings: Config['connections'], limit = descriptorLimit() ?? UNKNOWN_LIMIT): ConnectionCaps {
  const room = Math.max(1, limit - reservedDescriptors(limit))
  const max = settings.max === 0 ? room : Math.min(settings.max, room)
  return { max, perAddress: Math.max(1, Math.min(settings.maxPerAddress, Math.floor(max / 2))), descriptors: limit }
}

/**
 * The key a client is counted under: its IPv4 address (an IPv4-mapped IPv6 one included), or the /64 of an
 * IPv6 one — a single host is routinely given a whole /64, so per address would be no cap at all.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return '?'
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (v4) return v4[1]
  const [head, tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`
}

/** The few bytes a refused connection gets: no parser, no route, no request id. */
function refusal(message: string): string {
  const e = new Errors.CONNECTION_LIMIT(message)
  const body = JSON.stringify(problemBody(503, e.code, e.message))
  return `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json; charset=utf-8\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
}

/** How long a refused socket may take to receive its 503 before it is destroyed. */
const REFUSED_LINGER_MS = 2_000

export function guardConnections(server: Server, caps: ConnectionCaps, log: FastifyBaseLogger): void {
  let open = 0
  const perAddress = new Map<string, number>()
  let refusedSinceLog = 0
  let lastLog = 0

  const refuse = (socket: Socket, message: string) => {
    refusedSinceLog++
    const now = Date.now()
    // Once a minute at most: a flood of refusals must not become a flood of log lines.
    if (now - lastLog > 60_000) {
      log.warn({ refused: refusedSinceLog, open, caps }, `connections refused: ${message}`)
      lastLog = now
      refusedSinceLog = 0
    }
    socket.on('error', () => undefined)
    socket.end(refusal(message))
    setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref()
  }

  // net.Server emits 'connection' and http.Server's own listener parses the socket: a refused socket is kept
  // from that listener (and the parser, Fastify and its hooks) by answering it here instead of emitting.
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'connection') return emit(event, ...args)
    const socket = args[0] as Socket
    const key = addressKey(socket.remoteAddress)
    const mine = perAddress.get(key) ?? 0
    if (open >= caps.max) {
      refuse(socket, `the service holds ${open} connections, its limit (MAX_CONNECTIONS ${caps.max})`)
      return true
    }
    if (mine >= caps.perAddress) {
      refuse(socket, `this address holds ${mine} connections, its limit (MAX_CONNECTIONS_PER_ADDRESS ${caps.perAddress})`)
      return true
    }
    open++
    perAddress.set(key, mine + 1)
    socket.once('close', () => {
      open--
      const left = (perAddress.get(key) ?? 1) - 1
      if (left <= 0) perAddress.delete(key)
      else perAddress.set(key, left)
    })
    return emit(event, ...args)
  }) as typeof server.emit
}
