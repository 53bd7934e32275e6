/**
 * Which addresses a web-page fetch may reach. Private, loopback, link-local, CGNAT, metadata,
 * multicast and reserved ranges are refused unless URL_FETCH_ALLOW names the host, the address or
 * a CIDR holding it. Checked on the resolved address (not the name), on every hop.
 */
import { BlockList, isIP } from 'node:net';
import type { AddressRange } from '../../../contract/server-texts';

const FORBIDDEN: [cidr: string, range: AddressRange][] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier_grade_nat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link_local_metadata'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'relay_6to4'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  // Deprecated IPv4-compatible addresses (::a.b.c.d): nothing public uses them.
  ['::/96', 'ipv4_compatible'],
  // The well-known NAT64 prefix 64:ff9b::/96 is checked as the IPv4 address it carries (see
  // normaliseAddress); the local-use prefix has no fixed place for it, so it is refused whole.
  ['64:ff9b:1::/48', 'nat64'],
  ['2001::/32', 'teredo'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  // IETF protocol assignments: benchmarking, ORCHID, AMT, AS112 and the like.
  ['2001::/23', 'reserved'],
  ['fec0::/10', 'site_local'],
  ['100::/64', 'discard'],
  ['5f00::/16', 'srv6'],
  ['fc00::/7', 'unique_local'],
  ['fe80::/10', 'link_local'],
  ['ff00::/8', 'multicast'],
];

/** The English words of each range, for the API's own messages (the console translates the kind). */
export const RANGE_WORDS: Record<AddressRange, string> = {
  unspecified: 'an unspecified',
  private: 'a private',
  carrier_grade_nat: 'a carrier-grade NAT',
  loopback: 'a loopback',
  link_local_metadata: 'a link-local (cloud metadata)',
  reserved: 'a reserved',
  documentation: 'a documentation',
  relay_6to4: 'a reserved (6to4 relay)',
  benchmarking: 'a benchmarking',
  multicast: 'a multicast',
  ipv4_compatible: 'an IPv4-compatible',
  nat64: 'a NAT64',
  teredo: 'a Teredo tunnel',
  site_local: 'a site-local',
  discard: 'a discard',
  srv6: 'a reserved (SRv6)',
  unique_local: 'a private (unique local)',
  link_local: 'a link-local',
  unknown: 'an unknown',
};

/** Global unicast: any IPv6 address outside it is reserved, whatever its label above. */
const globalUnicast = blockListOf(['2000::/3']);

function blockListOf(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const forbidden = FORBIDDEN.map(([cidr, range]) => ({ list: blockListOf([cidr]), range }));

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tails included). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

const ipv4Of = (high: number, low: number) =>
  `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * An IPv6 address that carries an IPv4 one is checked as that IPv4 address: mapped
 * (::ffff:127.0.0.1, also written ::ffff:7f00:1), IPv4-translated (::ffff:0:a.b.c.d), the
 * well-known NAT64 prefix (64:ff9b::a.b.c.d, which a DNS64 network gives every IPv4-only site)
 * and 6to4 (2002:7f00:1::). Other embeddings (IPv4-compatible ::/96, local-use NAT64, Teredo)
 * are refused as whole ranges.
 */
function normaliseAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 6) return bare;
  const g = ipv6Groups(bare);
  if (!g) return bare;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4Of(g[6], g[7]);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4Of(g[1], g[2]);
  return bare;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** The kind of closed range the address is in ('loopback'), or undefined when public. */
export function forbiddenRangeKind(address: string): AddressRange | undefined {
  const ip = normaliseAddress(address);
  if (!isIP(ip)) return 'unknown';
  const family = familyOf(ip);
  const range = forbidden.find((f) => f.list.check(ip, family))?.range;
  if (range || family === 'ipv4' || globalUnicast.check(ip, 'ipv6')) return range;
  return 'reserved';
}

/** The same kind in English words ('a loopback'), as the API's messages say it. */
export function forbiddenRange(address: string): string | undefined {
  const range = forbiddenRangeKind(address);
  return range && RANGE_WORDS[range];
}

export interface AllowList {
  hostAllowed(hostname: string): boolean;
  addressAllowed(address: string): boolean;
}

/** URL_FETCH_ALLOW: host names (exact, any case), addresses and CIDRs. */
export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const cidrs: string[] = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    const [address, prefix] = entry.split('/');
    if (isIP(address) && (prefix === undefined || /^\d{1,3}$/.test(prefix))) cidrs.push(entry);
    else hosts.add(entry);
  }
  const list = blockListOf(cidrs);
  return {
    hostAllowed: (hostname) => hosts.has(hostname.toLowerCase().replace(/^\[|\]$/g, '')),
    addressAllowed: (address) => {
      const ip = normaliseAddress(address);
      return isIP(ip) > 0 && list.check(ip, familyOf(ip));
    },
  };
}
