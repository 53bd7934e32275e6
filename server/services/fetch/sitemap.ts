/**
 * sitemap.xml and sitemap index reading. Only `<loc>` values are needed, so a tolerant scan is
 * enough and no XML parser (nor its entity expansion) is involved.
 */
interface SitemapListing {
  kind: 'urlset' | 'index';
  locations: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** Whether a fetched body is a sitemap (rather than a page). */
export function looksLikeSitemap(head: string): boolean {
  return /<(\w+:)?(urlset|sitemapindex)[\s>]/i.test(head);
}

export function parseSitemap(xml: string): SitemapListing | undefined {
  const index = /<(\w+:)?sitemapindex[\s>]/i.test(xml);
  if (!index && !/<(\w+:)?urlset[\s>]/i.test(xml)) return undefined;
  const locations: string[] = [];
  const seen = new Set<string>();
  // Only plain <loc>: image and video extensions (<image:loc>) list media, not pages.
  for (const match of xml.matchAll(/<loc>([\s\S]*?)<\/loc>/gi)) {
    const location = decodeXml(match[1]);
    if (!/^https?:\/\//i.test(location) || seen.has(location)) continue;
    seen.add(location);
    locations.push(location);
  }
  return { kind: index ? 'index' : 'urlset', locations };
}
