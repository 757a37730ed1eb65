// Which addresses an outbound request may reach. Anything that is not plain global unicast is refused
// (private, loopback, link-local incl. cloud metadata, unique-local, CGNAT, multicast, reserved, …)
// unless the operator lists the host or a range in allowHosts.
import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6

const RANGE_WORDS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (shared)',
  private: 'private',
  reserved: 'reserved',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'site-local',
}

// Cloud instance metadata (AWS, GCP, Azure, OpenStack; AWS over IPv6): named in the reason, as it is
// the usual target of server-side request forgery.
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254'])

/** An IPv6 address that carries an IPv4 one (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96) is judged by the IPv4 address. */
function embeddedIpv4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (addr.isIPv4MappedAddress()) return addr.toIPv4Address()
  if (addr.range() === 'rfc6052' || addr.range() === 'rfc6145') {
    const bytes = addr.toByteArray()
    return new ipaddr.IPv4(bytes.slice(12))
  }
  return null
}

/** Why the address may not be reached by default, or null when it is public unicast. */
export function forbiddenReason(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return `address ${ip} is not an IP address`
  const addr: Address = ipaddr.parse(ip)
  if (addr.kind() === 'ipv6') {
    const v4 = embeddedIpv4(addr as ipaddr.IPv6)
    if (v4) {
      const inner = forbiddenReason(v4.toString())
      return inner && `address ${ip} embeds IPv4 ${v4.toString()}: ${inner}`
    }
  }
  const range = addr.range()
  if (range === 'unicast') return null
  if (METADATA_ADDRESSES.has(addr.toString())) {
    return `address ${ip} is the cloud metadata service (link-local)`
  }
  return `address ${ip} is ${RANGE_WORDS[range] ?? `special-purpose (${range})`}`
}

function parseAllowEntry(entry: string): { host: string } | { range: [Address, number] } {
  const text = entry.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (text.includes('/')) return { range: ipaddr.parseCIDR(text) }
  if (ipaddr.isValid(text)) {
    const addr = ipaddr.parse(text)
    return { range: [addr, addr.kind() === 'ipv4' ? 32 : 128] }
  }
  return { host: text.replace(/\.$/, '') }
}

function inRange(ip: string, [net, bits]: [Address, number]): boolean {
  let addr: Address = ipaddr.parse(ip)
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address()
  return addr.kind() === net.kind() && addr.match(net, bits)
}

/**
 * allowHosts lists hostnames (exact, or `*.example.com` for subdomains) and IPs or CIDR ranges.
 * A hostname entry lets every address it resolves to through; a range entry the addresses inside it.
 */
export function isAllowed(hostname: string, ip: string, allowHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '')
  for (const raw of allowHosts) {
    let entry
    try {
      entry = parseAllowEntry(raw)
    } catch {
      continue // A malformed entry allows nothing; config validation reports it.
    }
    if ('host' in entry) {
      if (entry.host === host) return true
      if (entry.host.startsWith('*.') && host.endsWith(entry.host.slice(1))) return true
    } else if (ipaddr.isValid(ip) && inRange(ip, entry.range)) return true
  }
  return false
}
