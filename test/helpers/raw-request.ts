// A request written byte for byte: repeated headers and header whitespace reach the server as sent
// (fetch would merge or trim them).
import net from 'node:net'

export function rawRequest(baseUrl: string, lines: string[], body = ''): Promise<{ status: number; text: string }> {
  const { port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.end([...lines, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body].join('\r\n'))
    })
    let data = ''
    socket.on('data', (chunk) => { data += chunk })
    socket.on('end', () => resolve({ status: Number(data.split(' ')[1]), text: data }))
    socket.on('error', reject)
  })
}
