import { beforeAll, expect, it } from 'vitest';
import { describeApi, type SuiteApp } from '../../test-support/test-app';
import { createWidget, keyLogin, visitorOf } from '../../test-support/widgets';

const ask = (t: SuiteApp, token: string, from?: string) =>
  t.api('POST', '/api/service-agent/me/chat', {
    token,
    body: { query: 'What are the opening hours of the Bergen shop?' },
    headers: from ? { 'x-forwarded-for': from } : {},
  });

/** Abuse limits: the daily quota, counted in the database. */
describeApi('the daily question quota of a widget', (t) => {
  it('when the quota is used up, then 429 QUOTA_EXCEEDED until it is raised', async () => {
    const widget = await createWidget(t, t.admin, { daily_message_quota: 2 });
    const { access_token: token } = await visitorOf(t, widget.client_id);
    expect((await ask(t, token)).status).toBe(200);
    expect((await ask(t, token)).status).toBe(200);
    const refused = await ask(t, token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message:
        'This chat has answered all the questions it may answer today. Please come back tomorrow.',
    });
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(refused.body.retry_after).toBeLessThanOrEqual(86_400);
    const read = await t.api('GET', `/api/service-agent/${widget.id}`, { token: t.admin });
    expect(read.body.messages_today).toBe(2);
    await t.api('PUT', `/api/service-agent/${widget.id}`, {
      token: t.admin,
      body: { daily_message_quota: 3 },
    });
    expect((await ask(t, token)).status).toBe(200);
    expect((await ask(t, token)).status).toBe(429);
  });

  it('when many questions arrive at once, then no more than the quota are answered', async () => {
    const widget = await createWidget(t, t.admin, { daily_message_quota: 3 });
    const { access_token: token } = await visitorOf(t, widget.client_id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(t, token)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });
});

/** Abuse limits: per widget and per visitor address, a minute at a time. */
describeApi(
  'the rate limits of widget visitors',
  {
    env: {
      WIDGET_ADDRESS_RATE_LIMIT: '4',
      WIDGET_RATE_LIMIT: '6',
      AUTH_RATE_LIMIT: '3',
      TRUST_PROXY: 'true',
    },
  },
  (t) => {
    let widget: { id: number; client_id: string };
    beforeAll(async () => {
      widget = await createWidget(t, t.admin);
    });
    const loginFrom = (address: string, key = widget.client_id) =>
      keyLogin(t, key, { origin: 'http://127.0.0.2:4173', 'x-forwarded-for': address });

    it('when one address floods, then it gets 429 RATE_LIMITED, and then the whole widget does', async () => {
      const login = await loginFrom('203.0.113.1');
      expect(login.status).toBe(200);
      const token = login.body.access_token as string;
      for (let i = 0; i < 3; i += 1) expect((await ask(t, token, '203.0.113.1')).status).toBe(200);
      const flooded = await ask(t, token, '203.0.113.1');
      expect(flooded.status).toBe(429);
      expect(flooded.body.code).toBe('RATE_LIMITED');
      expect(flooded.body.retry_after).toBeGreaterThan(0);
      expect(flooded.body.message).toMatch(/Too many messages/);

      // Another address is not held back by the first one's flood...
      const other = await loginFrom('203.0.113.2');
      expect(other.status).toBe(200);
      // ...until all visitors of the widget together pass its own limit.
      const widgetFull = await ask(t, other.body.access_token, '203.0.113.2');
      expect(widgetFull.status).toBe(429);
      expect(widgetFull.body.code).toBe('RATE_LIMITED');

      const second = await createWidget(t, t.admin);
      const elsewhere = await loginFrom('203.0.113.3', second.client_id);
      expect(elsewhere.status).toBe(200);
      expect((await ask(t, elsewhere.body.access_token, '203.0.113.3')).status).toBe(200);
    });

    it('when one address guesses keys, then the widget limit per address slows it down, not the sign-in one', async () => {
      const answers = [];
      for (let i = 0; i < 6; i += 1)
        answers.push(await loginFrom('198.51.100.7', `guess${i}`.padEnd(32, 'x')));
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
      expect(answers[4].body.message).toMatch(/Too many messages/);
      // E-mail sign-ins from an address keep AUTH_RATE_LIMIT (3 here).
      const signIns = [];
      for (let i = 0; i < 4; i += 1)
        signIns.push(
          await t.api('POST', '/api/users/login', {
            body: { email: `nobody${i}@example.com`, password: 'wrong-password' },
            headers: { 'x-forwarded-for': '198.51.100.8' },
          }),
        );
      expect(signIns.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    });
  },
);
