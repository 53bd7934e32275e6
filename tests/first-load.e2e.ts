/**
 * The first visit to /login, on the real build: everything textual arrives compressed with the
 * right caching, and the first screen's code and translations are announced in the page so the
 * browser fetches them together with the app's code (issue 10, fast first load).
 */
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading } from './support/actions';
import { launchBrowser, type BrowserSession } from './support/browser';
import { startServer, type RunningServer } from './support/server';

interface Seen {
  path: string;
  size: number;
  headers: Record<string, string>;
}

describe('first load of /login', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  const seen: Seen[] = [];
  let preloads: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const page = await browser.newPage();
    const pending: Promise<void>[] = [];
    page.on('response', (res: Response) => {
      const url = new URL(res.url());
      if (url.origin !== server.url || url.pathname.startsWith('/api/')) return;
      pending.push(
        (async () => {
          const headers = await res.allHeaders();
          const size = (await res.body().catch(() => Buffer.alloc(0))).length;
          seen.push({ path: url.pathname, size, headers });
        })(),
      );
    });
    await page.goto(`${server.url}/login`);
    await heading(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    preloads = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')].map(
        (l) => (l as HTMLLinkElement).href,
      ),
    );
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('when /login is opened, then every text file of 1 KB or more arrives as brotli with Vary: Accept-Encoding', () => {
    const text = seen.filter((s) => /\.(js|css|json|svg)$/.test(s.path) || s.path === '/login');
    // The page, its code, its stylesheet and its translations at least.
    expect(text.some((s) => s.path.endsWith('.css'))).toBe(true);
    expect(text.some((s) => s.path.startsWith('/locales/'))).toBe(true);
    const large = text.filter((s) => s.size >= 1024);
    expect(large.length).toBeGreaterThan(4);
    for (const s of large) {
      expect(s.headers['content-encoding'], s.path).toBe('br');
      expect(s.headers.vary ?? '', s.path).toMatch(/accept-encoding/i);
    }
  });

  it('when /login is opened, then hashed files are cached for a year and the page and translations revalidate', () => {
    const hashed = seen.filter((s) => s.path.startsWith('/assets/'));
    expect(hashed.length).toBeGreaterThan(0);
    for (const s of hashed)
      expect(s.headers['cache-control'], s.path).toBe('public, max-age=31536000, immutable');
    for (const s of seen.filter((s) => s.path === '/login' || s.path.startsWith('/locales/'))) {
      expect(s.headers['cache-control'], s.path).toBe('no-cache');
      expect(s.headers.etag, s.path).toBeTruthy();
    }
  });

  it("when /login is opened, then the page itself announces the sign-in screen's code and its English translations", () => {
    const announced = preloads.map((href) => new URL(href).pathname);
    const loginChunk = seen.find((s) => /^\/assets\/login-page-.*\.js$/.test(s.path));
    expect(loginChunk).toBeDefined();
    expect(announced).toContain(loginChunk?.path);
    for (const ns of ['common', 'errors', 'validation', 'auth'])
      expect(announced).toContain(`/locales/en/${ns}.json`);
  });
});
