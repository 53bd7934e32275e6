import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

/** A build as `vite build` leaves it: text files with .br and .gz copies beside them. */
function writeBuild(dir: string) {
  const write = (path: string, text: string) => {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(Buffer.from(text)));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(Buffer.from(text)));
  };
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'locales', 'en'), { recursive: true });
  write('index.html', `<!doctype html><title>Atrium</title>${'<!-- pad -->'.repeat(200)}`);
  write('assets/app-3f9a1c.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  write('assets/app-3f9a1c.css', `body{color:red}${' .a{margin:0}'.repeat(300)}`);
  write('locales/en/common.json', JSON.stringify({ hello: 'Hello'.repeat(400) }));
}

describe('the built SPA is served compressed and cached right', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-static-'));
    writeBuild(dir);
    t = await startTestApp('sqlite', { STATIC_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });
  const text = (res: Awaited<ReturnType<typeof get>>) => {
    const raw = res.rawPayload;
    const enc = res.headers['content-encoding'];
    if (enc === 'br') return brotliDecompressSync(raw).toString();
    if (enc === 'gzip') return gunzipSync(raw).toString();
    return raw.toString();
  };

  it('when the browser accepts brotli, then js, css, json and html come as brotli with Vary', async () => {
    for (const [url, type] of [
      ['/assets/app-3f9a1c.js', /javascript/],
      ['/assets/app-3f9a1c.css', /text\/css/],
      ['/locales/en/common.json', /application\/json/],
      ['/', /text\/html/],
      ['/users/add-user', /text\/html/],
    ] as const) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(type);
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(text(res).length, url).toBeGreaterThan(1000);
    }
  });

  it('when the browser accepts only gzip or nothing, then it gets gzip or the plain file', async () => {
    const gz = await get('/assets/app-3f9a1c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-3f9a1c.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(text(plain)).toBe(text(gz));
  });

  it('when a hashed asset is asked for with "br, gzip", gzip alone or no Accept-Encoding, then it answers br, gzip, identity — always with Vary and its JavaScript type', async () => {
    for (const [encoding, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/app-3f9a1c.js', encoding);
      expect(res.statusCode, String(encoding)).toBe(200);
      expect(res.headers['content-encoding'], String(encoding)).toBe(expected);
      expect(String(res.headers.vary), String(encoding)).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], String(encoding)).toMatch(/javascript/);
      expect(text(res), String(encoding)).toContain('console.log(');
    }
  });

  it('when the page, a route of the SPA or a translation is fetched again with its validator, then it answers 304 (they revalidate rather than expire)', async () => {
    for (const url of ['/', '/dashboard', '/locales/en/common.json']) {
      const first = await get(url, 'br');
      expect(first.headers.etag, url).toBeTruthy();
      expect(first.headers['last-modified'], url).toBeTruthy();
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('when a hashed asset is served, then it is cached immutably; pages and translations revalidate', async () => {
    expect((await get('/assets/app-3f9a1c.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/', '/dashboard', '/locales/en/common.json'])
      expect((await get(url, 'br')).headers['cache-control'], url).toBe('no-cache');
  });
});
