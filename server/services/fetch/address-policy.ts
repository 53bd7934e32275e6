/**
 * Which addresses a web-page fetch may reach. Private, loopback, link-local, CGNAT, metadata,
 * multicast and reserved ranges are refused unless URL_FETCH_ALLOW names the host, the address or
 * a CIDR holding it. Checked on the resolved address (not the name), on every hop.
 */
import { BlockList, isIP } from 'node:net';

const FORBIDDEN: [cidr: string, label: string][] = [
  ['0.0.0.0/8', 'an unspecified'],
  ['10.0.0.0/8', 'a private'],
  ['100.64.0.0/10', 'a carrier-grade NAT'],
  ['127.0.0.0/8', 'a loopback'],
  ['169.254.0.0/16', 'a link-local (cloud metadata)'],
  ['172.16.0.0/12', 'a private'],
  ['192.0.0.0/24', 'a reserved'],
  ['192.0.2.0/24', 'a documentation'],
  ['192.88.99.0/24', 'a reserved (6to4 relay)'],
  ['192.168.0.0/16', 'a private'],
  ['198.18.0.0/15', 'a benchmarking'],
  ['198.51.100.0/24', 'a documentation'],
  ['203.0.113.0/24', 'a documentation'],
  ['224.0.0.0/4', 'a multicast'],
  ['240.0.0.0/4', 'a reserved'],
  ['::/128', 'an unspecified'],
  ['::1/128', 'a loopback'],
  // Deprecated IPv4-compatible addresses (::a.b.c.d): nothing public uses them.
  ['::/96', 'an IPv4-compatible'],
  // The well-known NAT64 prefix 64:ff9b::/96 is checked as the IPv4 address it carries (see
  // normaliseAddress); the local-use prefix has no fixed place for it, so it is refused whole.
  ['64:ff9b:1::/48', 'a NAT64'],
  ['2001::/32', 'a Teredo tunnel'],
  ['2001:db8::/32', 'a documentation'],
  ['3fff::/20', 'a documentation'],
  // IETF protocol assignments: benchmarking, ORCHID, AMT, AS112 and the like.
  ['2001::/23', 'a reserved'],
  ['fec0::/10', 'a site-local'],
  ['100::/64', 'a discard'],
  ['5f00::/16', 'a reserved (SRv6)'],
  ['fc00::/7', 'a private (unique local)'],
  ['fe80::/10', 'a link-local'],
  ['ff00::/8', 'a multicast'],
];

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

const forbidden = FORBIDDEN.map(([cidr, label]) => ({ list: blockListOf([cidr]), label }));

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

/** The kind of forbidden range the address is in ('a loopback'), or undefined when public. */
export function forbiddenRange(address: string): string | undefined {
  const ip = normaliseAddress(address);
  if (!isIP(ip)) return 'an unknown';
  const family = familyOf(ip);
  const label = forbidden.find((f) => f.list.check(ip, family))?.label;
  if (label || family === 'ipv4' || globalUnicast.check(ip, 'ipv6')) return label;
  return 'a reserved';
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
