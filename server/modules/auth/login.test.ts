import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../../contract/auth';
import {
  createVerifiedUser,
  newPerson,
  startTestApp,
  testDatabases,
  type TestApp,
} from '../../test-support/test-app';

describe.each(testDatabases)('signing in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const login = (email: string, password: string) =>
    t.api('POST', '/api/users/login', { body: { email, password } });

  it('when the credentials are right, then the answer is a bearer token with its expiry', async () => {
    const who = await createVerifiedUser(t);
    const res = await login(who.email, who.password);
    expect(res.status).toBe(200);
    const body = loginResponseSchema.parse(res.body);
    expect(body.token_type).toBe('bearer');
    const ttl = Date.parse(body.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(7.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(8 * 3600_000);
  });

  it('when the e-mail is unknown or the password wrong, then both answer the same 401 and body', async () => {
    const who = await createVerifiedUser(t);
    const unknown = await login('nobody-at-all@example.com', who.password);
    const wrong = await login(who.email, 'Wrong-Pass-999');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('when an unknown e-mail is tried, then it takes about as long as a wrong password (a hash is computed)', async () => {
    const who = await createVerifiedUser(t);
    const time = async (email: string) => {
      const started = performance.now();
      await login(email, 'Wrong-Pass-999');
      return performance.now() - started;
    };
    await time('warm-up@example.com');
    const unknown = Math.min(
      await time('nobody-x@example.com'),
      await time('nobody-y@example.com'),
    );
    const wrong = Math.min(await time(who.email), await time(who.email));
    // Both include one scrypt; a missing hash would make the unknown case several times faster.
    expect(unknown).toBeGreaterThan(wrong * 0.4);
  });

  it('when five wrong passwords are tried, then the account is locked with retry_after, even for the right password', async () => {
    const who = await createVerifiedUser(t);
    for (let i = 1; i <= 4; i++)
      expect((await login(who.email, `Wrong-Pass-${i}`)).status).toBe(401);
    const fifth = await login(who.email, 'Wrong-Pass-5');
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('ACCOUNT_LOCKED');
    const right = await login(who.email, who.password);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');
    expect(right.body.retry_after).toBeGreaterThan(14 * 60);
    expect(right.body.retry_after).toBeLessThanOrEqual(15 * 60);
    expect(right.headers['retry-after']).toBe(String(right.body.retry_after));

    // Once the lock has run out, the right password works and the counter starts again.
    await t.database.db
      .updateTable('users')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', who.email)
      .execute();
    expect((await login(who.email, who.password)).status).toBe(200);
    for (let i = 1; i <= 4; i++)
      expect((await login(who.email, `Wrong-Pass-${i}`)).status).toBe(401);
    expect((await login(who.email, who.password)).status).toBe(200);
  });

  it('when five wrong passwords arrive at once, then every one is counted and the account locks', async () => {
    const who = await createVerifiedUser(t);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => login(who.email, `Wrong-Pass-${i}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([401, 401, 401, 401, 429]);
    expect((await login(who.email, who.password)).status).toBe(429);
  });

  it('when failures are more than 15 minutes apart, then they do not add up to a lock', async () => {
    const who = await createVerifiedUser(t);
    for (let i = 1; i <= 4; i++) await login(who.email, `Wrong-Pass-${i}`);
    await t.database.db
      .updateTable('users')
      .set({ failed_window_started_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('email', '=', who.email)
      .execute();
    expect((await login(who.email, 'Wrong-Pass-5')).status).toBe(401);
    expect((await login(who.email, who.password)).status).toBe(200);
  });

  it('when the account is disabled, then the right password answers 403 ACCOUNT_DISABLED', async () => {
    const who = await createVerifiedUser(t);
    await t.database.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('email', '=', who.email)
      .execute();
    const res = await login(who.email, who.password);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_DISABLED');
  });

  it('when the login body is malformed, then it answers 400 with the failing fields', async () => {
    const res = await t.api('POST', '/api/users/login', { body: { email: 'not an email' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'email',
      'password',
    ]);
    const text = await t.api('POST', '/api/users/login', {
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('rate limits on the sign-in calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => t?.close());

  it('when one address calls login more often than AUTH_RATE_LIMIT a minute, then it gets 429 RATE_LIMITED with retry_after', async () => {
    const body = { email: 'someone@example.com', password: 'Whatever-1' };
    for (let i = 0; i < 3; i++)
      expect((await t.api('POST', '/api/users/login', { body })).status).toBe(401);
    const limited = await t.api('POST', '/api/users/login', { body });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(limited.body.retry_after).toBeGreaterThan(0);
    // Other routes are not limited.
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  });

  it('when forgot-password, signup or resend are called too often, then they are limited too', async () => {
    const forgot = () => t.api('POST', '/api/users/forgot-password/x@example.com');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgot()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const signup = () => t.api('POST', '/api/users/signup', { body: newPerson() });
    const signups = [];
    for (let i = 0; i < 4; i++) signups.push((await signup()).status);
    expect(signups).toEqual([201, 201, 201, 429]);
    const resend = () => t.api('POST', '/api/users/resend-verification/?email=x@example.com');
    const resends = [];
    for (let i = 0; i < 4; i++) resends.push((await resend()).status);
    expect(resends).toEqual([200, 200, 200, 429]);
  });
});
