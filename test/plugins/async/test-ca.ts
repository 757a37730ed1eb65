// A throwaway certificate authority and a server certificate for 127.0.0.1, made with openssl, so tests
// reach loopback HTTPS receivers the way production reaches real ones: a CA the process trusts
// (NODE_EXTRA_CA_CERTS) and a certificate that matches the address.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface TestCa { caFile: string; key: string; cert: string }

export function makeTestCa(dir: string): TestCa {
  const p = (name: string) => join(dir, name)
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', p('ca.key'), '-out', p('ca.pem'), '-days', '2',
    '-subj', '/CN=Quire Test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign')
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', p('server.key'), '-out', p('server.csr'), '-subj', '/CN=127.0.0.1')
  writeFileSync(p('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n')
  ssl('x509', '-req', '-in', p('server.csr'), '-CA', p('ca.pem'), '-CAkey', p('ca.key'), '-CAcreateserial',
    '-out', p('server.pem'), '-days', '2', '-extfile', p('server.ext'))
  return { caFile: p('ca.pem'), key: readFileSync(p('server.key'), 'utf8'), cert: readFileSync(p('server.pem'), 'utf8') }
}
