/**
 * Which IP addresses count as public for outbound requests (pdf_url downloads, webhook deliveries).
 * Plain TypeScript on ipaddr.js's parser and CIDR matcher; the ranges are ours, written from the IANA
 * registries, because ipaddr.js's `range()` (and request-filtering-agent, which only asks `range()`)
 * calls `::127.0.0.1`, `::a9fe:a9fe`, `fec0::/10`, `64:ff9b:1::/48`, `3fff::/20` and `5f00::/16` "unicast".
 *
 * IPv6 is an allow list: only the global unicast space 2000::/3 can be public, minus its special blocks.
 * Everything else (IPv4-mapped and IPv4-compatible forms, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, discard
 * 100::/64, site-local fec0::/10, unique-local, link-local, multicast, SRv6 5f00::/16, unassigned space) is
 * refused whatever IPv4 address it embeds. IPv4 is a block list of the special-purpose registry plus
 * multicast, including the few entries the registry marks globally reachable (AS112, AMT, PCP and TURN
 * anycast): a partner's PDF or webhook receiver never lives there.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** IANA IPv4 Special-Purpose Address Registry (as of 2025), multicast and limited broadcast. */
export const IPV4_NOT_PUBLIC = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata at 169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments (DS-Lite, PCP/TURN anycast, NAT64 discovery...)
  '192.0.2.0/24', // documentation TEST-NET-1
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // direct delegation AS112 service
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation TEST-NET-2
  '203.0.113.0/24', // documentation TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 limited broadcast
] as const;

/** The only IPv6 space that can hold a public address (IANA IPv6 Address Space: global unicast). */
export const IPV6_GLOBAL_UNICAST = '2000::/3';

/** IANA IPv6 Special-Purpose Address Registry entries inside 2000::/3. */
export const IPV6_NOT_PUBLIC_IN_GLOBAL = [
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32, PCP anycast, benchmarking, AMT, AS112, ORCHID...
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '2620:4f:8000::/48', // direct delegation AS112 service
  '3fff::/20', // documentation
] as const;

const parsed = (list: readonly string[]): Cidr[] => list.map((cidr) => ipaddr.parseCIDR(cidr));
const V4: Cidr[] = parsed(IPV4_NOT_PUBLIC);
const V6_GLOBAL = ipaddr.parseCIDR(IPV6_GLOBAL_UNICAST);
const V6: Cidr[] = parsed(IPV6_NOT_PUBLIC_IN_GLOBAL);

/**
 * True when `address` (an IPv4 or IPv6 literal, brackets allowed) is a public unicast address that
 * outbound requests may reach. Anything unparsable, or with a zone id, is not.
 */
export function isPublicAddress(address: string): boolean {
  const plain = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(plain) === 0 || plain.includes('%')) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(plain);
  } catch {
    return false;
  }
  // Both opinions must agree: ipaddr.js's named ranges and the registry tables above.
  if (ip.range() !== 'unicast') return false;
  if (ip.kind() === 'ipv4') return !V4.some((cidr) => ip.match(cidr));
  return ip.match(V6_GLOBAL) && !V6.some((cidr) => ip.match(cidr));
}
