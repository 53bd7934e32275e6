import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL } from '../../test-support/identity';
import {
  createVerifiedUser,
  newPerson,
  startTestApp,
  TEST_ADMIN,
  TEST_PUBLIC_URL,
  testDatabases,
  type TestApp,
  withTestApp,
} from '../../test-support/test-app';

/**
 * Security finding (High): a forged Host or X-Forwarded-Host made the server mail a genuine reset
 * or verification token to the attacker's site. Links may only use PUBLIC_URL or CONSOLE_ORIGINS.
 */
describe.each(testDatabases)('links in mails ignore request headers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const evil = 'attacker.example';
  const forged: Record<string, string>[] = [
    { host: evil },
    { host: `${evil}:8080` },
    { 'x-forwarded-host': evil, 'x-forwarded-proto': 'https' },
    { 'x-forwarded-host': evil, host: evil },
  ];

  beforeAll(async () => {
    // TRUST_PROXY=true is the worst case: X-Forwarded-Host is then what request.host returns.
    t = await startTestApp(dialect, {
      TRUST_PROXY: 'true',
      CONSOLE_ORIGINS: 'https://admin.atrium.test',
    });
    admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(async () => t?.close());

  const linksTo = (email: string) =>
    t
      .mails()
      .filter((m) => m.to.includes(email))
      .flatMap((m) => m.links);

  function expectOnlyConsoleLinks(email: string) {
    const links = linksTo(email);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).not.toContain(evil);
      expect(new URL(link).origin).toBe(TEST_PUBLIC_URL);
    }
  }

  it('when forgot-password comes with a forged Host or X-Forwarded-Host, then the reset link points at PUBLIC_URL', async () => {
    const who = await createVerifiedUser(t, newPerson('forgot'));
    for (const headers of forged) {
      for (const link of [undefined, `http://${evil}`]) {
        const query = link ? `?verify_page_link=${encodeURIComponent(link)}` : '';
        const res = await t.api('POST', `/api/users/forgot-password/${who.email}${query}`, {
          headers,
        });
        expect(res.status).toBe(200);
      }
    }
    expectOnlyConsoleLinks(who.email);
    expect(t.mails().filter((m) => m.to.includes(who.email)).length).toBeGreaterThan(1);
  });

  it('when sign-up and resend-verification come with a forged Host, then the verify links point at PUBLIC_URL', async () => {
    const who = newPerson('signup');
    const res = await t.api(
      'POST',
      `/api/users/signup?verify_page_link=${encodeURIComponent(`http://${evil}`)}`,
      { body: who, headers: forged[0] },
    );
    expect(res.status).toBe(201);
    const resend = await t.api(
      'POST',
      `/api/users/resend-verification/?email=${who.email}&verify_page_link=${encodeURIComponent(`https://${evil}`)}`,
      { headers: forged[2] },
    );
    expect(resend.status).toBe(200);
    expectOnlyConsoleLinks(who.email);
  });

  it('when an admin invites a user from a forged Host, then the invitation link points at PUBLIC_URL', async () => {
    const { username, first_name, last_name, email } = newPerson('invited');
    const res = await t.api(
      'POST',
      `/api/users?verify_page_link=${encodeURIComponent(`http://${evil}`)}`,
      {
        token: admin,
        headers: forged[3],
        body: {
          username,
          first_name,
          last_name,
          email,
          assignments: [{ department_id: GENERAL, role_id: 2 }],
        },
      },
    );
    expect(res.status).toBe(201);
    expectOnlyConsoleLinks(email);
  });

  it('when the SPA runs on a configured console origin, then links point there', async () => {
    const who = await createVerifiedUser(t, newPerson('origin'));
    const res = await t.api(
      'POST',
      `/api/users/forgot-password/${who.email}?verify_page_link=${encodeURIComponent('https://admin.atrium.test/login')}`,
      { headers: { host: 'admin.atrium.test' } },
    );
    expect(res.status).toBe(200);
    const links = linksTo(who.email).filter((l) => l.includes('reset-password'));
    expect(links.map((l) => new URL(l).origin)).toEqual(['https://admin.atrium.test']);
  });
});

describe.each(testDatabases)('e-mail addresses that would re-route mail on %s', (dialect) => {
  let t: TestApp;
  withTestApp(dialect, (app) => void (t = app), { admin: false });

  it('when sign-up or an invitation names an address with <, > or quotes, then it is refused and no mail is sent', async () => {
    const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const before = t.mails().length;
    for (const email of [
      'victim@example.com<evil@attacker.example>',
      '"victim"@example.com',
      'a@example.com,evil@attacker.example',
    ]) {
      const signup = await t.api('POST', '/api/users/signup', { body: { ...newPerson(), email } });
      expect(signup.status, email).toBe(400);
      const invite = await t.api('POST', '/api/users', {
        token: admin,
        body: {
          ...newPerson(),
          password: undefined,
          email,
          assignments: [{ department_id: GENERAL, role_id: 2 }],
        },
      });
      expect(invite.status, email).toBe(400);
    }
    expect(t.mails().length).toBe(before);
  });
});
