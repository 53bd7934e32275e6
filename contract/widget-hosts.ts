/**
 * Where a chat widget may run: its `allowed_hosts` against the origin of the page
 * that embeds it. One reading serves the server's login-by-key check and the
 * `frame-ancestors` sources of the widget's page, so the two never disagree:
 *
 * - `example.com` is that host on the scheme's default port (80 for http, 443 for https);
 * - `example.com:8443` is that host on that port;
 * - `*.example.com` is any subdomain of example.com, at any depth, never example.com itself
 *   (as CSP reads a `*.` host).
 * Both http and https pages are allowed. No zod here: the embed script may use it.
 */

interface HostPattern {
  wildcard: boolean;
  /** Lower-case, without `*.` and port. */
  host: string;
  /** null: the scheme's default port. */
  port: string | null;
}

function patternOf(entry: string): HostPattern {
  const text = entry.trim().toLowerCase();
  const wildcard = text.startsWith('*.');
  const rest = wildcard ? text.slice(2) : text;
  const match = /^(.*?)(?::(\d+))?$/.exec(rest);
  return { wildcard, host: match?.[1] ?? rest, port: match?.[2] ?? null };
}

interface PageOrigin {
  host: string;
  /** The port the page is on, the scheme's default when none is written. */
  port: string;
  /** Whether that is the scheme's default port (80 for http, 443 for https). */
  defaultPort: boolean;
}

/**
 * The host and port of `https://shop.example:8443` (an Origin or Referer) or of a bare
 * `shop.example:8443` (read as https); undefined for anything else (`null`, `file://…`).
 */
function pageOrigin(value: string): PageOrigin | undefined {
  const text = value.trim();
  if (!text || text === 'null') return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return {
    host: url.hostname.toLowerCase(),
    port: url.port || defaultPort,
    defaultPort: !url.port || url.port === defaultPort,
  };
}

function matches(pattern: HostPattern, origin: PageOrigin): boolean {
  if (pattern.port === null ? !origin.defaultPort : pattern.port !== origin.port) return false;
  return pattern.wildcard ? origin.host.endsWith(`.${pattern.host}`) : origin.host === pattern.host;
}

/** Whether a page at `origin` (Origin, Referer or a bare host[:port]) may run the widget. */
export function isAllowedHost(allowedHosts: readonly string[], origin: string): boolean {
  const page = pageOrigin(origin);
  return page !== undefined && allowedHosts.some((entry) => matches(patternOf(entry), page));
}

/** The `frame-ancestors` sources of the widget's page: every allowed host, http and https. */
export function frameAncestorSources(allowedHosts: readonly string[]): string[] {
  return allowedHosts.flatMap((entry) => {
    const { wildcard, host, port } = patternOf(entry);
    const source = `${wildcard ? '*.' : ''}${host}${port ? `:${port}` : ''}`;
    return [`https://${source}`, `http://${source}`];
  });
}
