import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  newPerson,
  startTestApp,
  type TestApp,
  testDatabases,
} from '../../test-support/test-app';
import { createDeviceCookies, parseCookieHeader } from './device-cookies';
import { accountKey } from './throttle';

/** The `name=value` of a Set-Cookie header, and its attributes, lower-cased. */
function cookieOf(setCookie: unknown) {
  const header = Array.isArray(setCookie) ? String(setCookie[0]) : String(setCookie ?? '');
  const [pair = '', ...attributes] = header.split(';').map((p) => p.trim());
  return { pair, attributes: attributes.map((a) => a.toLowerCase()) };
}

describe.each(testDatabases)('sign-in with a device cookie on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The client address comes from X-Forwarded-For, as behind a reverse proxy.
    t = await startTestApp(dialect, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  const OWNER_ADDRESS = '198.51.100.7';
  const loginFrom = (
    address: string,
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ) =>
    t.api('POST', '/api/users/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address, ...headers },
    });

  /**
   * 40 addresses, 3 wrong passwords each: every address stays within its own allowance. The
   * attacker waits out each account-wide wait (the test moves the clock on instead), so all
   * 120 count and the account ends up waiting the longest, 15 minutes.
   */
  async function guessFromManyAddresses(email: string) {
    const waitOut = () =>
      t.database.db
        .updateTable('auth_throttle')
        .set({ blocked_until: new Date(Date.now() - 1000).toISOString() })
        .where('blocked_until', 'is not', null)
        .execute();
    const statuses: number[] = [];
    for (let a = 1; a <= 40; a++)
      for (let i = 1; i <= 3; i++) {
        const guess = () => loginFrom(`203.0.113.${a}`, email, `Guess-${a}-${i}-xx`);
        let status = (await guess()).status;
        if (status === 429) {
          await waitOut();
          status = (await guess()).status;
        }
        statuses.push(status);
      }
    expect(statuses.every((s) => s === 401)).toBe(true);
  }

  it('when 120 wrong passwords come from 40 addresses, then the browser that signed in before still signs in, and one without its cookie waits', async () => {
    const owner = await createVerifiedUser(t, newPerson('owner'));
    const first = await loginFrom(OWNER_ADDRESS, owner.email, owner.password);
    expect(first.status).toBe(200);
    const device = cookieOf(first.headers['set-cookie']).pair;

    await guessFromManyAddresses(owner.email);
    // The account-wide count is far past its allowance: a client it does not know must wait.
    const stranger = await loginFrom(OWNER_ADDRESS, owner.email, owner.password);
    expect(stranger.status).toBe(429);
    expect(stranger.body.retry_after).toBeGreaterThan(890);

    const known = await loginFrom(OWNER_ADDRESS, owner.email, owner.password, { cookie: device });
    expect(known.status).toBe(200);
    expect(known.body.access_token).toEqual(expect.any(String));
    expect(device).toMatch(/^atrium_device_[\w-]+=[\w-]+\.\d+\.[\w-]+$/);
    // Among other cookies, and renewed with each sign-in.
    const renewed = cookieOf(known.headers['set-cookie']).pair;
    expect(renewed.split('=')[0]).toBe(device.split('=')[0]);
    const again = await loginFrom('192.0.2.44', owner.email, owner.password, {
      cookie: `theme=dark; ${renewed}; lang=en`,
    });
    expect(again.status).toBe(200);
    // The owner signing in gave the attack no fresh allowance.
    expect((await loginFrom('203.0.113.99', owner.email, owner.password)).status).toBe(429);
  }, 90_000);

  it('when the cookie is altered, expired or another account’s, then it counts as none and the account-wide wait holds', async () => {
    const owner = await createVerifiedUser(t, newPerson('victim'));
    const other = await createVerifiedUser(t, newPerson('other'));
    const own = cookieOf(
      (await loginFrom(OWNER_ADDRESS, owner.email, owner.password)).headers['set-cookie'],
    ).pair;
    const others = cookieOf(
      (await loginFrom(OWNER_ADDRESS, other.email, other.password)).headers['set-cookie'],
    ).pair;
    await guessFromManyAddresses(owner.email);

    const [name = '', value = ''] = own.split('=');
    const [nonce, expires, mac = ''] = value.split('.');
    // The first character: the last one of base64url carries two bits no byte holds, so
    // changing it may leave the MAC's bytes as they were.
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const forged = [
      `${name}=${nonce}.${expires}.${flipped}`,
      `${name}=${nonce}.${Number(expires) + 3600}.${mac}`,
      `${name}=${others.split('=')[1]}`,
      others,
    ];
    for (const cookie of forged)
      expect((await loginFrom(OWNER_ADDRESS, owner.email, owner.password, { cookie })).status).toBe(
        429,
      );
    expect(
      (await loginFrom(OWNER_ADDRESS, owner.email, owner.password, { cookie: own })).status,
    ).toBe(200);

    const devices = createDeviceCookies(t.config.jwtSecret);
    const account = accountKey(owner.email);
    const old = devices.issue(account, Date.now() - 200 * 24 * 3600_000);
    const cookies = parseCookieHeader(`${old.name}=${old.value}`);
    expect(devices.deviceOf(account, cookies)).toBeUndefined();
    expect(devices.deviceOf(account, cookies, Date.now() - 199 * 24 * 3600_000)).toBeTruthy();
  }, 90_000);

  it('when a known browser types wrong passwords, then it slows down on its own count and the account stays open to others', async () => {
    const owner = await createVerifiedUser(t, newPerson('typo'));
    const first = await loginFrom(OWNER_ADDRESS, owner.email, owner.password);
    const device = cookieOf(first.headers['set-cookie']).pair;
    const withCookie = (password: string) =>
      loginFrom(OWNER_ADDRESS, owner.email, password, { cookie: device });
    // A stolen cookie opens nothing: a wrong password is still refused.
    for (let i = 1; i <= 4; i++) expect((await withCookie(`Wrong-Pass-${i}`)).status).toBe(401);
    const waiting = await withCookie(owner.password);
    expect(waiting.status).toBe(429);
    expect(waiting.body.retry_after).toBe(1);
    // Neither the owner's address nor the account counted those failures.
    expect((await loginFrom(OWNER_ADDRESS, owner.email, owner.password)).status).toBe(200);
  });

  it('when a browser signs in, then its device cookie is HttpOnly, SameSite=Strict, for the login path only, and Secure over https', async () => {
    const owner = await createVerifiedUser(t, newPerson('attrs'));
    const plain = cookieOf(
      (await loginFrom(OWNER_ADDRESS, owner.email, owner.password)).headers['set-cookie'],
    );
    expect(plain.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/users/login']),
    );
    expect(plain.attributes.some((a) => a.startsWith('max-age='))).toBe(true);
    expect(plain.attributes).not.toContain('secure');
    const overHttps = cookieOf(
      (
        await loginFrom(OWNER_ADDRESS, owner.email, owner.password, {
          'x-forwarded-proto': 'https',
        })
      ).headers['set-cookie'],
    );
    expect(overHttps.attributes).toContain('secure');
    // A wrong password sets no cookie.
    const wrong = await loginFrom(OWNER_ADDRESS, owner.email, 'Wrong-Pass-1');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });
});
