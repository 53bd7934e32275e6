/**
 * The PostgreSQL manual as a web site on loopback: its HTML files as they are installed, and a
 * sitemap.xml listing every page, so the console ingests it the way it ingests a customer's site.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface ManualSite {
  sitemap: string;
  pages: number;
  close: () => Promise<void>;
}

export async function serveManual(root: string): Promise<ManualSite> {
  const pages = readdirSync(root)
    .filter((f) => f.endsWith('.html'))
    .sort();
  let origin = '';
  const sitemap = () =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages
      .map((p) => `<url><loc>${origin}/${p}</loc></url>`)
      .join('\n')}\n</urlset>\n`;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(sitemap());
      return;
    }
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    const file = normalize(join(root, path));
    const type = TYPES[extname(file)];
    if (!file.startsWith(root) || !type) {
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
    sitemap: `${origin}/sitemap.xml`,
    pages: pages.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
