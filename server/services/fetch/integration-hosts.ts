/**
 * Where integrations (database sources, mailboxes over IMAP and SMTP, their connection tests
 * included) may connect: the URL fetcher's rules, with the operator's own list. Private,
 * loopback, link-local and reserved ranges are closed unless INTEGRATION_HOSTS_ALLOW names the
 * host, the address or a CIDR holding it; a Trial user reaches no such address at all. The
 * caller connects to the address answered here, never to the name again.
 */
import { parseAllowList } from './address-policy';
import { checkedAddress, HostRefused, type PinnedAddress } from './host-check';

export { HostRefused };

/** Who asks for the connection: a Trial user's reach stops at public addresses. */
export interface Requester {
  trial: boolean;
}

export interface IntegrationHosts {
  /** The checked address to connect to; throws HostRefused. */
  pin(hostname: string, requester: Requester): Promise<PinnedAddress>;
}

export function createIntegrationHosts(allowEntries: readonly string[]): IntegrationHosts {
  const allow = parseAllowList(allowEntries);
  return {
    pin: (hostname, requester) =>
      checkedAddress(hostname, { allow, privateAllowed: !requester.trial }),
  };
}

/** The sentence a refusal shows: what is closed and who can open it, never the address. */
export function refusalText(error: HostRefused, requester: Requester): string {
  if (error.kind === 'not_found') return error.message;
  return requester.trial
    ? `${error.hostname} is a private or local address; trial accounts connect to public addresses only.`
    : `${error.hostname} is a private or local address, which integrations may reach only when the operator allows it (INTEGRATION_HOSTS_ALLOW).`;
}
