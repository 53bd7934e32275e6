/**
 * Texts the server sends that a person reads, as codes with parameters: the console says them in
 * its reader's language (errors.json `webAddress`, `addressRanges`), while the English `message`
 * beside each code stays for API clients. A translation test reads these lists, so a code added
 * here without a text in every locale fails the build.
 */
import { z } from 'zod';

/**
 * Why a web address was refused or could not be read (knowledge web pages and sitemaps, helpdesk
 * webhooks). Parameters: `address` (or `origin`), and per code `host`, `range`, `scheme`,
 * `seconds`, `status`, `size`, `type`, `count`, `reason` (a socket error code such as
 * ECONNREFUSED, shown as it is).
 */
export const WEB_ADDRESS_TEXTS = [
  'invalid',
  'scheme',
  'credentials',
  'host_not_found',
  'refused',
  'redirect_refused',
  'robots',
  'timeout',
  'unreachable',
  'too_many_redirects',
  'http_status',
  'too_large',
  'not_a_page',
  'empty_page',
  'duplicate',
  'page_added',
  'sitemap_added',
] as const;
export type WebAddressText = (typeof WEB_ADDRESS_TEXTS)[number];

/** The kinds of closed address range a refusal names (`range`), never the address itself. */
export const ADDRESS_RANGES = [
  'unspecified',
  'private',
  'carrier_grade_nat',
  'loopback',
  'link_local_metadata',
  'reserved',
  'documentation',
  'relay_6to4',
  'benchmarking',
  'multicast',
  'ipv4_compatible',
  'nat64',
  'teredo',
  'site_local',
  'discard',
  'srv6',
  'unique_local',
  'link_local',
  'unknown',
] as const;
export type AddressRange = (typeof ADDRESS_RANGES)[number];

export const webAddressTextSchema = z.object({
  code: z.enum(WEB_ADDRESS_TEXTS),
  params: z.record(z.string(), z.string()),
});
export type WebAddressTextBody = z.infer<typeof webAddressTextSchema>;
