/**
 * The corpus's HTML manuals as web sites on loopback: each site's HTML files as they are
 * installed, under its own path, with a sitemap.xml listing its pages, so the console ingests
 * them the way it ingests a customer's site. A page's name in the bench is its path without the
 * leading slash ("sql-truncate.html" at the root, "handbook-fr/sect.apt-get.html").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { CorpusSite } from './debian';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface ServedSite {
  prefix: string;
  sitemap: string;
  pages: number;
}

export interface ManualSites {
  sites: ServedSite[];
  close: () => Promise<void>;
}

/** The path a site's sitemap is served at. */
export const sitemapPath = (prefix: string) => (prefix ? `/${prefix}/sitemap.xml` : '/sitemap.xml');

export async function serveManuals(sites: CorpusSite[]): Promise<ManualSites> {
  const listed = sites.map((site) => ({
    ...site,
    pages:
      site.pages ??
      readdirSync(site.root)
        .filter((f) => f.endsWith('.html'))
        .sort(),
  }));
  let origin = '';
  const base = (prefix: string) => (prefix ? `${origin}/${prefix}` : origin);
  const sitemap = (site: (typeof listed)[number]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${site.pages
      .map((p) => `<url><loc>${base(site.prefix)}/${p}</loc></url>`)
      .join('\n')}\n</urlset>\n`;
  // The longest prefix first, so that the root site only gets what no other site claims.
  const byPrefix = [...listed].sort((a, b) => b.prefix.length - a.prefix.length);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    const site = byPrefix.find((s) => !s.prefix || path.startsWith(`/${s.prefix}/`));
    if (!site) {
      res.writeHead(404).end();
      return;
    }
    if (path === sitemapPath(site.prefix)) {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap(site));
      return;
    }
    const file = normalize(join(site.root, path.slice(site.prefix ? site.prefix.length + 1 : 0)));
    const type = TYPES[extname(file)];
    if (!file.startsWith(site.root) || !type) {
      res.writeHead(404).end();
      return;
    }
    try {
      res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sites: listed.map((s) => ({
      prefix: s.prefix,
      sitemap: `${origin}${sitemapPath(s.prefix)}`,
      pages: s.pages.length,
    })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
