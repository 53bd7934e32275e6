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
  ['192.168.0.0/16', 'a private'],
  ['198.18.0.0/15', 'a benchmarking'],
  ['198.51.100.0/24', 'a documentation'],
  ['203.0.113.0/24', 'a documentation'],
  ['224.0.0.0/4', 'a multicast'],
  ['240.0.0.0/4', 'a reserved'],
  ['::/128', 'an unspecified'],
  ['::1/128', 'a loopback'],
  ['64:ff9b::/96', 'a NAT64'],
  ['100::/64', 'a discard'],
  ['2001:db8::/32', 'a documentation'],
  ['fc00::/7', 'a private (unique local)'],
  ['fe80::/10', 'a link-local'],
  ['ff00::/8', 'a multicast'],
];

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

/** ::ffff:127.0.0.1 is 127.0.0.1: check mapped IPv4 addresses as what they are. */
export function normaliseAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped ? mapped[1] : bare;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** The kind of forbidden range the address is in ('a loopback'), or undefined when public. */
export function forbiddenRange(address: string): string | undefined {
  const ip = normaliseAddress(address);
  if (!isIP(ip)) return 'an unknown';
  return forbidden.find((f) => f.list.check(ip, familyOf(ip)))?.label;
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
