/**
 * Links in mails. They may point only at the console's configured origins: PUBLIC_URL, or one of
 * CONSOLE_ORIGINS when the SPA says it runs there (verify_page_link). Nothing the request carries
 * about itself (Host, X-Forwarded-Host) is believed: a forged Host header would otherwise make the
 * server mail a genuine reset token to another site (account takeover).
 */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

interface LinkContext {
  publicUrl: string;
  /** CONSOLE_ORIGINS: further origins the console is served from. */
  consoleOrigins?: readonly string[];
  verifyPageLink?: string;
}

export function trustedOrigin({
  publicUrl,
  consoleOrigins = [],
  verifyPageLink,
}: LinkContext): string {
  const fallback = originOf(publicUrl) ?? publicUrl;
  const wanted = originOf(verifyPageLink);
  if (!wanted) return fallback;
  const allowed = [fallback, ...consoleOrigins.map((o) => originOf(o))];
  return allowed.includes(wanted) ? wanted : fallback;
}

export function verifyLink(origin: string, token: string): string {
  return `${origin}/verify?token=${encodeURIComponent(token)}`;
}

export function resetLink(origin: string, token: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`;
}
