import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { visitorLoginResponseSchema, visitorWidgetSchema } from '../../../contract/service-agent';
import { describeApi, TEST_PUBLIC_URL } from '../../test-support/test-app';
import { createWidget, HOST_PAGE, keyLogin, visitorOf } from '../../test-support/widgets';

/** Login by key (SPEC §7) and what a visitor token opens: the visitor's calls and nothing else. */
describeApi('login by key', (t) => {
  let widget: { id: number; client_id: string };

  beforeAll(async () => {
    widget = await createWidget(t, t.admin, { welcome_message: 'Hello from Acme!' });
  });

  it('when the embedding page is an allowed host, then a visitor token opens the widget', async () => {
    const res = await keyLogin(t, widget.client_id);
    expect(res.status).toBe(200);
    const login = visitorLoginResponseSchema.parse(res.body);
    expect(login.client_id).toBe(widget.client_id);
    const hours = (Date.parse(login.expires_at) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    const me = await t.api('GET', '/api/service-agent/me', { token: login.access_token });
    expect(me.status).toBe(200);
    expect(visitorWidgetSchema.parse(me.body)).toMatchObject({
      client_id: widget.client_id,
      client_name: 'Acme help',
      welcome_message: 'Hello from Acme!',
      session_id: login.session_id,
    });
    expect(me.body.history).toBeUndefined();
  });

  it("when the widget's iframe logs in from Atrium's own origin, then it must name an allowed host", async () => {
    const own = { origin: TEST_PUBLIC_URL };
    const named = await keyLogin(t, widget.client_id, { ...own, 'x-widget-host': HOST_PAGE });
    expect(named.status).toBe(200);
    const bare = await keyLogin(t, widget.client_id, {
      ...own,
      'x-widget-host': 'shop.example.com',
    });
    expect(bare.status).toBe(200);
    const missing = await keyLogin(t, widget.client_id, own);
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('ORIGIN_NOT_ALLOWED');
    const wrong = await keyLogin(t, widget.client_id, {
      ...own,
      'x-widget-host': 'https://evil.test',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: 'ORIGIN_NOT_ALLOWED',
      message: 'This chat is not available on this website.',
    });
    // Same origin as the request itself (PUBLIC_URL aside), and no Origin at all: the same rule.
    const sameHost = await keyLogin(t, widget.client_id, { origin: 'http://localhost:80' });
    expect(sameHost.body.code).toBe('ORIGIN_NOT_ALLOWED');
    const noOrigin = await keyLogin(t, widget.client_id, {});
    expect(noOrigin.body.code).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('when the calling page is not an allowed host, then 403 ORIGIN_NOT_ALLOWED whatever it claims', async () => {
    const refusals: Record<string, string>[] = [
      { origin: 'https://evil.test', 'x-widget-host': HOST_PAGE },
      { origin: 'http://127.0.0.3:4173' },
      { origin: 'http://127.0.0.2:4174' },
      // A wildcard covers subdomains, never the name itself.
      { origin: 'https://example.com' },
      { origin: 'null', 'x-widget-host': 'https://evil.test' },
      { referer: 'https://evil.test/shop/page.html' },
    ];
    for (const headers of refusals) {
      const res = await keyLogin(t, widget.client_id, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.code).toBe('ORIGIN_NOT_ALLOWED');
    }
    const allowed: Record<string, string>[] = [
      { origin: 'https://shop.example.com' },
      { origin: 'http://a.b.example.com' },
      { referer: `${HOST_PAGE}/products/1?x=y` },
    ];
    for (const headers of allowed) {
      const res = await keyLogin(t, widget.client_id, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('when the key is unknown, then 401 WIDGET_KEY_INVALID with a message for the visitor', async () => {
    for (const key of ['x'.repeat(32), 'not a key!', '']) {
      const res = await keyLogin(t, key);
      expect(res.status, key).toBe(401);
      expect(res.body.code).toBe('WIDGET_KEY_INVALID');
      expect(res.body.message).toMatch(/not set up correctly/);
    }
  });

  it('when the widget is disabled, then login by key answers 403 WIDGET_DISABLED and open visitor tokens stop at once', async () => {
    const other = await createWidget(t, t.admin);
    const visitor = await visitorOf(t, other.client_id);
    const me = (token: string) => t.api('GET', '/api/service-agent/me', { token });
    expect((await me(visitor.access_token)).status).toBe(200);
    await t.api('PUT', `/api/service-agent/${other.id}`, {
      token: t.admin,
      body: { status: false },
    });
    const res = await keyLogin(t, other.client_id);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'WIDGET_DISABLED',
      message: 'This chat is switched off at the moment. Please try again later.',
    });
    const off = await me(visitor.access_token);
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('WIDGET_DISABLED');
  });

  it('when a switched-off widget is switched back on, then the visitor tokens issued before stay refused and a new login by key works', async () => {
    const other = await createWidget(t, t.admin);
    const before = await visitorOf(t, other.client_id);
    const me = (token: string) => t.api('GET', '/api/service-agent/me', { token });
    const switchTo = (status: boolean) =>
      t.api('PUT', `/api/service-agent/${other.id}`, { token: t.admin, body: { status } });
    // Saving the widget while it stays on keeps its visitors.
    expect((await switchTo(true)).status).toBe(200);
    expect((await me(before.access_token)).status).toBe(200);

    expect((await switchTo(false)).status).toBe(200);
    expect((await me(before.access_token)).status).toBe(403);
    expect((await switchTo(true)).status).toBe(200);
    const revived = await me(before.access_token);
    expect(revived.status).toBe(401);
    expect(revived.body.code).toBe('SESSION_EXPIRED');
    const chat = await t.api('POST', '/api/service-agent/me/chat', {
      token: before.access_token,
      body: { query: 'Still there?' },
    });
    expect(chat.status).toBe(401);

    const after = await visitorOf(t, other.client_id);
    expect((await me(after.access_token)).status).toBe(200);
  });

  it('when a host is taken off the allowed hosts, then the visitors who came from it are cut off', async () => {
    const other = await createWidget(t, t.admin);
    const removed = await visitorOf(t, other.client_id);
    const kept = await visitorOf(t, other.client_id, { origin: 'https://shop.example.com' });
    await t.api('PUT', `/api/service-agent/${other.id}`, {
      token: t.admin,
      body: { allowed_hosts: ['*.example.com'] },
    });
    const me = (token: string) => t.api('GET', '/api/service-agent/me', { token });
    expect((await me(removed.access_token)).status).toBe(401);
    expect((await me(kept.access_token)).status).toBe(200);
    expect((await keyLogin(t, other.client_id)).body.code).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('when the widget is deleted, then its visitor tokens answer 401', async () => {
    const other = await createWidget(t, t.admin);
    const visitor = await visitorOf(t, other.client_id);
    await t.api('DELETE', `/api/service-agent/${other.id}`, { token: t.admin });
    const me = await t.api('GET', '/api/service-agent/me', { token: visitor.access_token });
    expect(me.status).toBe(401);
  });

  it('when a visitor logs in, then expired sessions that asked nothing are forgotten and conversations kept', async () => {
    const other = await createWidget(t, t.admin);
    const { db } = t.database;
    const past = new Date(Date.now() - 3 * 3600_000).toISOString();
    const session = (id: string) => ({
      id,
      service_agent_id: other.id,
      host: HOST_PAGE,
      visitor_address: '127.0.0.1',
      user_agent: null,
      created_at: past,
      expires_at: past,
      last_active_at: past,
      revoked_at: null,
    });
    const [empty, talked] = [randomUUID(), randomUUID()];
    await db
      .insertInto('service_agent_sessions')
      .values([session(empty), session(talked)])
      .execute();
    await db
      .insertInto('service_agent_turns')
      .values({
        session_id: talked,
        service_agent_id: other.id,
        chat_turn_id: null,
        visitor_address: '127.0.0.1',
        question: 'Hello?',
        answer: 'Hello.',
        references_json: '[]',
        no_answer: 0,
        engine: 'builtin',
        model: 'atrium-extractive',
        latency_ms: 3,
        rating: null,
        rated_at: null,
        asked_at: past,
        answered_at: past,
      })
      .execute();
    await visitorOf(t, other.client_id);
    const left = await db
      .selectFrom('service_agent_sessions')
      .select('id')
      .where('id', 'in', [empty, talked])
      .execute();
    expect(left.map((r) => r.id)).toEqual([talked]);
  });

  it('when a visitor token calls any other API, then 403 VISITOR_FORBIDDEN', async () => {
    const { access_token: token } = await visitorOf(t, widget.client_id);
    const calls = [
      ['GET', '/api/users/me'],
      ['GET', '/api/users'],
      ['GET', '/api/service-agent'],
      ['GET', `/api/service-agent/${widget.id}`],
      ['GET', `/api/service-agent/history/${widget.client_id}`],
      ['POST', '/api/chat/stuff'],
      ['GET', '/api/chat/conversations'],
      ['GET', '/api/upload/uploaded/documents'],
      ['GET', '/api/download/1'],
      ['POST', '/api/users/logout'],
      ['GET', '/api/permissions'],
    ] as const;
    for (const [method, path] of calls) {
      const res = await t.api(method, path, {
        token,
        ...(method === 'POST' ? { body: { query: 'hello' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('VISITOR_FORBIDDEN');
    }
  });

  it("when a user's token calls a visitor's call, or a visitor token is forged, then it is refused", async () => {
    const me = await t.api('GET', '/api/service-agent/me', { token: t.admin });
    expect(me.status).toBe(403);
    const chat = await t.api('POST', '/api/service-agent/me/chat', {
      token: t.admin,
      body: { query: 'hello' },
    });
    expect(chat.status).toBe(403);
    const { access_token: token } = await visitorOf(t, widget.client_id);
    const [head, payload] = token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    expect((await t.api('GET', '/api/service-agent/me', { token: forged })).status).toBe(401);
    expect((await t.api('GET', '/api/users/me', { token: forged })).status).toBe(401);
    expect((await t.api('GET', '/api/service-agent/me')).status).toBe(401);
  });

  it('when the e-mail and password login is used, then it works as before beside login by key', async () => {
    const res = await t.api('POST', '/api/users/login', {
      body: { email: 'admin@atrium.test', password: 'Admin-Pass-123' },
    });
    expect(res.status).toBe(200);
    expect(res.body.session_id).toBeUndefined();
    const empty = await t.api('POST', '/api/users/login');
    expect(empty.status).toBe(400);
  });
});
