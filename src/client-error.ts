// Requests Node's HTTP parser refuses (a control character in a header, raw non-ASCII bytes in the path, headers
// past their size limit, a body or headers that did not arrive in time) never reach Fastify: its default answer
// was its own JSON without a code. This answers them problem+json with a registry code, as every other error,
// naming the rule broken in the parser's own fixed words (llhttp's `reason`) — never the bytes sent.
import { maxHeaderSize } from 'node:http'
import type { Socket } from 'node:net'
import type { Config } from './config.js'
import { Errors, problemBody } from './errors.js'

const REASON_TEXT = 160

interface ParserError extends Error { code?: string; reason?: string }

/** Fixed words for what the parser names only by code. */
const SAID: Record<string, string> = {
  HPE_INVALID_HEADER_TOKEN: 'a header name or value holds a character HTTP does not allow (a control character, or a byte that is not text)',
  HPE_INVALID_URL: 'the request target holds a character HTTP does not allow (send characters outside ASCII %-encoded as UTF-8)',
  HPE_INVALID_METHOD: 'the method is not one HTTP knows',
  HPE_INVALID_VERSION: 'the HTTP version is not 1.0 or 1.1',
}

function problemFor(error: ParserError, connections: Config['connections']): { status: number; code: string; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const e = new Errors.REQUEST_TIMEOUT(connections.headersTimeoutMs, connections.requestTimeoutMs)
    return { status: 408, code: e.code, message: e.message }
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const e = new Errors.REQUEST_HEADERS_TOO_LARGE(maxHeaderSize)
    return { status: 431, code: e.code, message: e.message }
  }
  const said = SAID[error.code ?? ''] ?? (typeof error.reason === 'string' ? error.reason.slice(0, REASON_TEXT) : 'it could not be parsed')
  const e = new Errors.REQUEST_MALFORMED(said)
  return { status: 400, code: e.code, message: e.message }
}

/** Fastify's `clientErrorHandler`. */
export function clientErrorHandler(connections: Config['connections']): (error: ParserError, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection, or one already gone: nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const message = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    // A response already started on this connection (an earlier pipelined request) cannot be followed by another.
    if (socket.writable && !message?.headersSent) {
      const { status, code, message: text } = problemFor(error, connections)
      const body = JSON.stringify(problemBody(status, code, text))
      socket.on('error', () => undefined)
      socket.end(`HTTP/1.1 ${status} ${TITLE[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
    }
    // The parser stops at the error; whatever the client still sends is not read.
    setTimeout(() => socket.destroy(), 1_000).unref()
  }
}

const TITLE: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }
