import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema } from '../../../contract/auth';
import type * as passwords from '../../services/security/passwords';
import { verifyAgainstDummy } from '../../services/security/passwords';
import {
  createVerifiedUser,
  describeApi,
  newPerson,
  startTestApp,
  type TestApp,
  testDatabases,
} from '../../test-support/test-app';

// The real check, watched: which accounts cost a dummy hash (no wall-clock timing in tests).
vi.mock('../../services/security/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyAgainstDummy: vi.fn(real.verifyAgainstDummy) };
});

describeApi('signing in', { admin: false }, (t) => {
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

  it('when an unknown e-mail is tried, then a password hash is still checked, as for a wrong password (timing reveals no account)', async () => {
    const who = await createVerifiedUser(t);
    vi.mocked(verifyAgainstDummy).mockClear();
    await login('nobody-x@example.com', 'Wrong-Pass-999');
    expect(verifyAgainstDummy).toHaveBeenCalledWith('Wrong-Pass-999');
    await expect(vi.mocked(verifyAgainstDummy).mock.results[0]?.value).resolves.toBe(false);
    vi.mocked(verifyAgainstDummy).mockClear();
    await login(who.email, 'Wrong-Pass-999');
    // A known account checks its own hash instead.
    expect(verifyAgainstDummy).not.toHaveBeenCalled();
  });

  it('when wrong passwords keep coming, then each one past the third makes the guesser wait twice as long, with Retry-After', async () => {
    const who = await createVerifiedUser(t);
    for (let i = 1; i <= 4; i++)
      expect((await login(who.email, `Wrong-Pass-${i}`)).status).toBe(401);
    const blocked = await login(who.email, who.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.body.retry_after).toBe(1);
    expect(blocked.headers['retry-after']).toBe('1');

    // The wait doubles with each further failure: 1, 2, 4, 8 ... seconds, at most 15 minutes.
    const expireWaits = () =>
      t.database.db
        .updateTable('auth_throttle')
        .set({ blocked_until: new Date(Date.now() - 1000).toISOString() })
        .execute();
    const waits: number[] = [];
    for (let i = 5; i <= 8; i++) {
      await expireWaits();
      expect((await login(who.email, `Wrong-Pass-${i}`)).status).toBe(401);
      waits.push((await login(who.email, who.password)).body.retry_after);
    }
    expect(waits).toEqual([2, 4, 8, 16]);
    await expireWaits();
    expect((await login(who.email, who.password)).status).toBe(200);
    // A success starts the count again.
    for (let i = 1; i <= 3; i++)
      expect((await login(who.email, `Wrong-Pass-${i}`)).status).toBe(401);
    expect((await login(who.email, who.password)).status).toBe(200);
  });

  it('when wrong passwords arrive at once, then every one is counted', async () => {
    const who = await createVerifiedUser(t);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => login(who.email, `Wrong-Pass-${i}`)),
    );
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    const next = await login(who.email, who.password);
    expect(next.status).toBe(429);
    expect(next.body.retry_after).toBeGreaterThanOrEqual(2);
  });

  it('when an unknown e-mail is guessed, then it slows down exactly like a known one', async () => {
    const known = await createVerifiedUser(t);
    const unknown = `nobody.${known.email}`;
    const trace = async (email: string) => {
      const seen: (number | string)[] = [];
      for (let i = 1; i <= 5; i++) {
        const res = await login(email, `Wrong-Pass-${i}`);
        seen.push(res.status, res.body.code);
      }
      return seen;
    };
    expect(await trace(unknown)).toEqual(await trace(known.email));
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

describe.each(testDatabases)('password guesses from several addresses on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The client address comes from X-Forwarded-For, as behind a reverse proxy.
    t = await startTestApp(dialect, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  const loginFrom = (address: string, email: string, password: string) =>
    t.api('POST', '/api/users/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  it('when an attacker keeps guessing an account, then the owner still signs in from another address', async () => {
    const owner = await createVerifiedUser(t, newPerson('owner'));
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++)
      statuses.push((await loginFrom('203.0.113.66', owner.email, `Guess-${i}-xxxx`)).status);
    // Three free guesses and a fourth that starts the wait; the rest are refused unchecked.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(new Set(statuses.slice(4))).toEqual(new Set([429]));
    const attacker = await loginFrom('203.0.113.66', owner.email, owner.password);
    expect(attacker.status).toBe(429);
    const ownerAnswer = await loginFrom('198.51.100.7', owner.email, owner.password);
    expect(ownerAnswer.status).toBe(200);
  });
});
