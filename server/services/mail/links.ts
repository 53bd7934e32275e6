/**
 * Links in mails. The SPA sends its own origin as verify_page_link; it is used only when it is
 * PUBLIC_URL's origin or the origin the request came to, so nobody can make the server mail a
 * link to another site (open redirect / token theft). Otherwise PUBLIC_URL is used.
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

export interface LinkContext {
  publicUrl: string;
  /** The origin the request was made to (`protocol://Host`). */
  requestOrigin?: string;
  verifyPageLink?: string;
}

export function trustedOrigin({ publicUrl, requestOrigin, verifyPageLink }: LinkContext): string {
  const fallback = originOf(publicUrl) ?? publicUrl;
  const wanted = originOf(verifyPageLink);
  if (!wanted) return fallback;
  if (wanted === fallback || wanted === originOf(requestOrigin)) return wanted;
  return fallback;
}

export function verifyLink(origin: string, token: string): string {
  return `${origin}/verify?token=${encodeURIComponent(token)}`;
}

export function resetLink(origin: string, token: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`;
}
