/**
 * Web-page fetching for knowledge uploads: http/https only, a deadline and a byte cap, and no way
 * into private networks. Each hop's host is resolved once, every resolved address is checked, and
 * the connection goes to that checked address (a custom `lookup`, so no second DNS answer can
 * swap it: no rebinding). Redirects are followed by hand, at most 5, each hop checked again.
 * Plain node:http(s): no fetch library is needed for this, and `lookup` is what pins the address.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebAddressText } from '../../../contract/server-texts';
import { parseAllowList, RANGE_WORDS, type AllowList } from './address-policy';
import { checkedAddress, HostRefused, type PinnedAddress } from './host-check';
import { robotsAllows } from './robots';

const MAX_REDIRECTS = 5;
const USER_AGENT = 'AtriumBot/1.0 (+knowledge uploads)';
const ROBOTS_MAX_BYTES = 512 * 1024;

export interface FetchPolicy {
  allow: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

/**
 * A readable refusal or failure: `message` in English for API clients and logs, `code` and
 * `params` for the console to say it in its reader's language (errors:webAddress).
 */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly kind: 'scheme' | 'refused' | 'robots' | 'too_large' | 'failed',
    readonly code: WebAddressText,
    readonly params: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

interface FetchedResponse {
  /** After redirects. */
  url: string;
  contentType: string;
  body: AsyncIterable<Buffer>;
  /** Stops reading (after an early refusal); the socket is released. */
  abort: () => void;
}

/** Only http/https; returns the parsed URL or throws a readable refusal. */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchError(`"${text}" is not a valid web address.`, 'scheme', 'invalid', {
      address: text,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchError(
      `Only http and https addresses can be added; "${text}" uses ${url.protocol.replace(':', '')}.`,
      'scheme',
      'scheme',
      { address: text, scheme: url.protocol.replace(':', '') },
    );
  if (url.username || url.password)
    throw new FetchError(
      `Addresses with a user name or password are not accepted.`,
      'scheme',
      'credentials',
    );
  url.hash = '';
  return url;
}

export type { PinnedAddress } from './host-check';

/**
 * The host's addresses checked against the policy (every one must pass) and the first of them,
 * to connect to with pinnedLookup; a readable FetchError otherwise.
 */
export async function resolveChecked(url: URL, allow: AllowList): Promise<PinnedAddress> {
  try {
    return await checkedAddress(url.hostname, { allow });
  } catch (error) {
    if (!(error instanceof HostRefused)) throw error;
    if (error.kind === 'not_found')
      throw new FetchError(error.message, 'failed', 'host_not_found', { host: error.hostname });
    const range = error.range ?? 'unknown';
    throw new FetchError(
      `${url.origin} resolves to ${RANGE_WORDS[range]} address, which may not be fetched.`,
      'refused',
      'refused',
      { origin: url.origin, range },
    );
  }
}

/** A `lookup` that answers the checked address only: no second DNS answer can move it. */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function requestOnce(url: URL, pinned: PinnedAddress, signal: AbortSignal) {
  const lookup = pinnedLookup(pinned);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      lookup,
      agent: false,
      signal,
      headers: {
        'user-agent': USER_AGENT,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/xml;q=0.9,*/*;q=0.5',
        // Compressed bodies would dodge the byte cap (a gzip bomb); ask for them plain.
        'accept-encoding': 'identity',
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

function describeFailure(url: string, error: unknown, timeoutMs: number): FetchError {
  if (error instanceof FetchError) return error;
  const name = (error as { name?: string }).name;
  if (name === 'AbortError' || name === 'TimeoutError')
    return new FetchError(
      `${url} did not answer within ${Math.round(timeoutMs / 1000)} s.`,
      'failed',
      'timeout',
      { address: url, seconds: String(Math.round(timeoutMs / 1000)) },
    );
  const code = (error as { code?: string }).code;
  return new FetchError(
    `${url} could not be fetched (${code ?? 'connection failed'}).`,
    'failed',
    'unreachable',
    { address: url, reason: code ?? '' },
  );
}

/**
 * GETs a URL with the policy. The returned body is capped: iterating past maxBytes throws a
 * 'too_large' FetchError. Non-2xx answers are failures.
 */
export async function safeFetch(target: string, policy: FetchPolicy): Promise<FetchedResponse> {
  const allow = parseAllowList(policy.allow);
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let url = parseHttpUrl(target);
  for (let hop = 0; ; hop += 1) {
    let response: IncomingMessage;
    try {
      const pinned = await resolveChecked(url, allow);
      response = await requestOnce(url, pinned, signal);
    } catch (error) {
      throw describeFailure(url.href, error, policy.timeoutMs);
    }
    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
      response.resume();
      if (hop >= MAX_REDIRECTS)
        throw new FetchError(
          `${target} redirects more than ${MAX_REDIRECTS} times.`,
          'failed',
          'too_many_redirects',
          { address: target, count: String(MAX_REDIRECTS) },
        );
      try {
        url = parseHttpUrl(new URL(response.headers.location, url).href);
      } catch (error) {
        throw error instanceof FetchError
          ? new FetchError(
              `${url.href} redirects to an address that may not be fetched: ${error.message}`,
              'refused',
              'redirect_refused',
              { address: url.href },
            )
          : error;
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchError(`${url.href} answered HTTP ${status}.`, 'failed', 'http_status', {
        address: url.href,
        status: String(status),
      });
    }
    const declared = Number(response.headers['content-length'] ?? NaN);
    if (declared > policy.maxBytes) {
      response.destroy();
      throw tooLarge(url.href, policy.maxBytes);
    }
    return {
      url: url.href,
      contentType: String(response.headers['content-type'] ?? '').toLowerCase(),
      body: capped(response, policy, url.href),
      abort: () => response.destroy(),
    };
  }
}

function tooLarge(url: string, maxBytes: number): FetchError {
  return new FetchError(
    `${url} is larger than ${formatSize(maxBytes)}.`,
    'too_large',
    'too_large',
    {
      address: url,
      size: formatSize(maxBytes),
    },
  );
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

async function* capped(
  response: IncomingMessage,
  policy: FetchPolicy,
  url: string,
): AsyncGenerator<Buffer> {
  let total = 0;
  try {
    for await (const chunk of response) {
      total += (chunk as Buffer).length;
      if (total > policy.maxBytes) throw tooLarge(url, policy.maxBytes);
      yield chunk as Buffer;
    }
  } catch (error) {
    throw describeFailure(url, error, policy.timeoutMs);
  } finally {
    response.destroy();
  }
}

/** A whole (small) body as text: robots.txt, sitemaps. */
export async function fetchText(
  target: string,
  policy: FetchPolicy,
): Promise<{ url: string; text: string; contentType: string }> {
  const response = await safeFetch(target, policy);
  const parts: Buffer[] = [];
  for await (const chunk of response.body) parts.push(chunk);
  return {
    url: response.url,
    contentType: response.contentType,
    text: Buffer.concat(parts).toString('utf8'),
  };
}

/**
 * robots.txt of the URL's origin allows fetching it? A missing or unreadable robots.txt allows
 * everything (RFC 9309 treats 4xx as "no rules"; we treat unreachable the same, since the page
 * fetch itself will then fail with its own reason).
 */
export async function checkRobots(target: string, policy: FetchPolicy): Promise<void> {
  const url = parseHttpUrl(target);
  let text: string;
  try {
    text = (await fetchText(`${url.origin}/robots.txt`, { ...policy, maxBytes: ROBOTS_MAX_BYTES }))
      .text;
  } catch (error) {
    if (error instanceof FetchError && error.kind === 'refused') throw error;
    return;
  }
  if (!robotsAllows(text, `${url.pathname}${url.search}`))
    throw new FetchError(
      `robots.txt of ${url.host} does not allow fetching ${url.pathname}.`,
      'robots',
      'robots',
      { host: url.host, path: url.pathname },
    );
}
