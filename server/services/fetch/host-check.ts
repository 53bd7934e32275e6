/**
 * One host policy for every connection the server makes on a user's behalf: web-page fetches,
 * helpdesk webhooks, database sources and mailboxes. A host is resolved once, every address it
 * resolves to is checked (a name with one public and one private address is refused), and the
 * caller connects to the checked address, so a second DNS answer cannot move it (rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AddressRange } from '../../../contract/server-texts';
import { forbiddenRangeKind, RANGE_WORDS, type AllowList } from './address-policy';

/** An address that passed the policy, which the connection is then made to. */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

interface HostRules {
  /** Hosts, addresses and CIDRs the operator opened despite a private range. */
  allow: AllowList;
  /** False: no private, loopback or reserved address at all, whatever `allow` says. */
  privateAllowed?: boolean;
}

/** Why a host may not be reached: it has no address, or one of them is in a closed range. */
export class HostRefused extends Error {
  constructor(
    readonly kind: 'not_found' | 'private',
    readonly hostname: string,
    /** The kind of range ('loopback'), never the address itself. */
    readonly range?: AddressRange,
  ) {
    super(
      kind === 'not_found'
        ? `The host "${hostname}" could not be found.`
        : `"${hostname}" resolves to ${RANGE_WORDS[range ?? 'unknown']} address.`,
    );
    this.name = 'HostRefused';
  }
}

/** The host's addresses, each checked; the first, to connect to. Throws HostRefused. */
export async function checkedAddress(hostname: string, rules: HostRules): Promise<PinnedAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new HostRefused('not_found', host);
    }
  }
  if (addresses.length === 0) throw new HostRefused('not_found', host);
  const privateAllowed = rules.privateAllowed ?? true;
  const hostListed = privateAllowed && rules.allow.hostAllowed(host);
  for (const { address } of addresses) {
    const range = forbiddenRangeKind(address);
    if (range && !hostListed && !(privateAllowed && rules.allow.addressAllowed(address)))
      throw new HostRefused('private', host, range);
  }
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
