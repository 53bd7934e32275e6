import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../contract/runtime-config';
import {
  createVerifiedUser,
  startTestApp,
  TEST_ADMIN,
  TEST_API_KEY,
  type TestApp,
} from './test-support/test-app';

/** A GET sent byte for byte as written (no client tidies the path), over loopback. */
function rawGet(port: number, target: string, headers: Record<string, string>): Promise<string> {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `GET ${target} HTTP/1.1\r\nhost: atrium.test\r\n${lines.join('')}connection: close\r\n\r\n`,
      ),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const logLines = (t: TestApp) =>
  t
    .logs()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the HTTP shell: api key, errors, headers, static SPA, logs', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'atrium-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Atrium SPA</title>');
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'app-abc123.js'), 'console.log("app")');
    t = await startTestApp('sqlite', { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('when x-api-key is missing or wrong, then every /api call answers 401 INVALID_API_KEY', async () => {
    for (const apiKey of [null, 'wrong-key', `${TEST_API_KEY}x`]) {
      for (const [method, url] of [
        ['GET', '/api/health'],
        ['POST', '/api/users/login'],
        ['GET', '/api/users/me'],
        ['GET', '/api/does-not-exist'],
      ] as const) {
        const res = await t.api(method, url, { apiKey, body: method === 'POST' ? {} : undefined });
        expect(res.status, `${method} ${url} with ${apiKey}`).toBe(401);
        expect(res.body).toEqual({ code: 'INVALID_API_KEY', message: expect.any(String) });
      }
    }
    expect((await t.api('GET', '/api/health')).body).toEqual({ status: 'ok', database: 'sqlite' });
  });

  it('when an /api path is spelled with escapes or extra slashes and no key, then it is 401 and the raw path is not logged', async () => {
    const who = await createVerifiedUser(t);
    const token = await t.login(who.email, who.password);
    const secretMail = `${who.email}`;
    for (const url of [
      '/%61pi/users/me',
      '/%61%70%69/users/me',
      '/api/users/%6De',
      '/%61pi/health',
      `/%61pi/users/forgot-password/${encodeURIComponent(secretMail)}`,
      '/%61pi/verify/reset/some-secret-reset-token',
    ]) {
      const method = url.includes('forgot') ? 'POST' : 'GET';
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, url).not.toBe(200);
      if (res.statusCode !== 404) expect(res.json().code, url).toBe('INVALID_API_KEY');
      // whatever the router made of it, nobody got the profile without the key
      expect(res.body, url).not.toContain(who.email);
    }
    const me = await t.app.inject({
      method: 'GET',
      url: '/%61pi/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    const logs = t.logs();
    expect(logs).not.toContain('some-secret-reset-token');
    expect(logs).not.toContain(encodeURIComponent(secretMail));
    expect(logs).not.toContain(secretMail);
  });

  it('when a path is spelled any way the router still takes to an /api route, then it needs the key, and no spelling gives the profile without it', async () => {
    const who = await createVerifiedUser(t);
    const token = await t.login(who.email, who.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const spellings = [
      '/api/users/me',
      '/%61pi/users/me',
      '/%61%70%69/users/me',
      '/api/users/%6De',
      '/api/users/me/',
      '/API/users/me',
      '//api/users/me',
      '/api//users/me',
      '/api/../api/users/me',
      '/x/../api/users/me',
      '/./api/users/me',
      '/api/./users/me',
      '/%2561pi/users/me',
      '/%2e%2e/api/users/me',
      '/api%2Fusers%2Fme',
      '/api/users/me;x',
      '/api/users/me%00',
      '/\\api/users/me',
      'http://atrium.test/%61pi/users/me',
    ];
    for (const target of spellings) {
      const answer = await rawGet(port, target, { authorization: `Bearer ${token}` });
      expect(answer, target).not.toContain(who.email);
      const route = logLines(t).at(-1)?.url;
      // Whatever reached an API route was stopped by the key check.
      if (typeof route === 'string' && route.startsWith('/api/users'))
        expect(answer, target).toMatch(/^HTTP\/1\.1 401[\s\S]*INVALID_API_KEY/);
    }
    // The same spellings with the key do reach the profile where the router takes them there.
    const withKey = await rawGet(port, '/%61pi/users/me', {
      authorization: `Bearer ${token}`,
      'x-api-key': TEST_API_KEY,
    });
    expect(withKey).toContain(who.email);
  });

  it('when secrets travel in paths and query strings, then the request log shows routes and redacted values only', async () => {
    const who = await createVerifiedUser(t);
    const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const secretToken = 'Zq9-secret-token-value-4242';
    const secretMail = who.email;
    const requests: [string, string, string | undefined][] = [
      ['GET', `/api/verify/${secretToken}`, undefined],
      ['GET', `/api/verify/reset/${secretToken}`, undefined],
      ['POST', `/api/users/forgot-password/${encodeURIComponent(secretMail)}`, undefined],
      ['GET', `/api/users/${encodeURIComponent(secretMail)}`, admin],
      ['GET', `/api/users?page=1&size=10&search=${encodeURIComponent(secretMail)}`, admin],
      [
        'GET',
        `/api/health?token=${secretToken}&key=${secretToken}&email=${encodeURIComponent(secretMail)}&verify_page_link=${encodeURIComponent(`https://x.test/verify?token=${secretToken}`)}`,
        undefined,
      ],
      ['GET', `/verify?token=${secretToken}`, undefined],
      [
        'GET',
        `/reset-password?token=${secretToken}&email=${encodeURIComponent(secretMail)}`,
        undefined,
      ],
      ['GET', `/%2561pi/verify/reset/${secretToken}`, undefined],
      ['GET', `/x/../api/users/forgot-password/${encodeURIComponent(secretMail)}`, undefined],
      ['GET', `/api/no-such-route/${secretMail}`, undefined],
    ];
    for (const [method, url, token] of requests)
      await t.api(method as 'GET' | 'POST', url, { token });

    const logs = t.logs();
    for (const secret of [
      secretToken,
      secretMail,
      encodeURIComponent(secretMail),
      secretMail.split('@')[0],
    ])
      expect(logs, `log contains ${secret}`).not.toContain(secret);
    const urls = logLines(t).map((l) => l.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/verify/:token',
        '/api/verify/reset/:token',
        '/api/users/forgot-password/:email',
        '/api/users/:email',
        '/api/users?page=1&size=10&search=[redacted]',
        '/api/health?token=[redacted]&key=[redacted]&email=[redacted]&verify_page_link=[redacted]',
        '/verify?token=[redacted]',
        '/reset-password?token=[redacted]&email=[redacted]',
        '/[redacted]/verify/reset/[redacted]',
        '/api/no-such-route/[redacted]',
      ]),
    );
  });

  it('when an unknown /api path is called, then the answer is JSON 404 NOT_FOUND', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.api(method, '/api/no/such/route');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it('when a page path that is not a file is opened, then index.html is served (history fallback)', async () => {
    for (const url of ['/', '/some/route', '/dashboard?theme=dark', '/verify?token=abc']) {
      const res = await t.api('GET', url, { apiKey: null });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.raw).toContain('Atrium SPA');
    }
    const asset = await t.api('GET', '/assets/app-abc123.js', { apiKey: null });
    expect(asset.status).toBe(200);
    expect(asset.raw).toContain('console.log');
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it('when the SPA asks for its runtime settings, then it gets the API base, key and helpdesk URL without a key', async () => {
    const res = await t.api('GET', '/runtime-config.json', { apiKey: null });
    expect(res.status).toBe(200);
    expect(runtimeConfigSchema.parse(res.body)).toEqual({
      apiBaseUrl: '/api',
      apiKey: TEST_API_KEY,
      sopServiceUrl: '/api',
    });
  });

  it('when any page or API answer is sent, then it carries the security headers and a CSP the SPA satisfies', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.api('GET', url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      // Remote images over https only (an allowed e-mail image), never scripts from elsewhere.
      expect(csp).toMatch(/img-src 'self' data: blob: https:(;|$)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBeDefined();
    }
  });

  it('when a request fails inside a handler, then the answer is 500 INTERNAL_ERROR without a stack trace', async () => {
    const who = await createVerifiedUser(t);
    const token = await t.login(who.email, who.password);
    // Break the data on purpose: the profile route now throws deep inside a query.
    await t.database.db.schema.alterTable('departments').renameTo('departments_gone').execute();
    try {
      const res = await t.api('GET', '/api/users/me', { token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error.' });
      expect(res.raw).not.toMatch(/at .*\.ts|SqliteError|departments/);
    } finally {
      await t.database.db.schema.alterTable('departments_gone').renameTo('departments').execute();
    }
  });

  it('when requests carry passwords, tokens and keys, then the log has one line per request and none of them', async () => {
    const who = await createVerifiedUser(t);
    const token = await t.login(who.email, who.password);
    await t.api('GET', '/api/users/me', { token, headers: { cookie: 'token=secret-cookie' } });
    await t.api('POST', '/api/users/forgot-password/' + encodeURIComponent(who.email));
    const resetToken = (t.mails().at(-1)?.links[0] ?? '').split('token=')[1];
    await t.api('GET', `/api/verify/reset/${resetToken}`);
    await t.api('PUT', '/api/users/me/password', {
      token,
      body: { old_password: who.password, new_password: 'Logged-Pass-1' },
    });

    const logs = t.logs();
    for (const secret of [
      who.password,
      'Logged-Pass-1',
      TEST_ADMIN.password,
      token,
      resetToken,
      TEST_API_KEY,
      'secret-cookie',
    ])
      expect(logs, `log contains ${secret.slice(0, 8)}…`).not.toContain(secret);
    const lines = logs
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const meLines = lines.filter((l) => l.url === '/api/users/me' && l.method === 'GET');
    expect(meLines.length).toBeGreaterThan(0);
    expect(meLines[0]).toMatchObject({ msg: 'request', statusCode: expect.any(Number) });
    expect(lines.some((l) => l.url === '/api/verify/reset/:token')).toBe(true);
  });
});

describe('without a build of the SPA', () => {
  it('when a page is opened, then the server answers 503 saying to run npm run build; the API still works', async () => {
    const t = await startTestApp('sqlite');
    try {
      const page = await t.api('GET', '/dashboard', { apiKey: null });
      expect(page.status).toBe(503);
      expect(page.raw).toContain('npm run build');
      expect((await t.api('GET', '/api/health')).status).toBe(200);
      expect((await t.api('GET', '/api/nothing')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
