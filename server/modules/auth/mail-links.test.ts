import { expect, it } from 'vitest';
import { GENERAL } from '../../test-support/identity';
import {
  createVerifiedUser,
  describeApi,
  newPerson,
  newUserBody,
  TEST_PUBLIC_URL,
} from '../../test-support/test-app';

// TRUST_PROXY=true is the worst case: X-Forwarded-Host is then what request.host returns.
const forgeable = { env: { TRUST_PROXY: 'true', CONSOLE_ORIGINS: 'https://admin.atrium.test' } };

/**
 * Security finding (High): a forged Host or X-Forwarded-Host made the server mail a genuine reset
 * or verification token to the attacker's site. Links may only use PUBLIC_URL or CONSOLE_ORIGINS.
 */
describeApi('links in mails ignore request headers', forgeable, (t) => {
  const evil = 'attacker.example';
  const forged: Record<string, string>[] = [
    { host: evil },
    { host: `${evil}:8080` },
    { 'x-forwarded-host': evil, 'x-forwarded-proto': 'https' },
    { 'x-forwarded-host': evil, host: evil },
  ];

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
    const body = newUserBody([{ department_id: GENERAL, role_id: 2 }], 'invited');
    const res = await t.api(
      'POST',
      `/api/users?verify_page_link=${encodeURIComponent(`http://${evil}`)}`,
      {
        token: t.admin,
        headers: forged[3],
        body,
      },
    );
    expect(res.status).toBe(201);
    expectOnlyConsoleLinks(body.email);
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

describeApi('e-mail addresses that would re-route mail', (t) => {
  it('when sign-up or an invitation names an address with <, > or quotes, then it is refused and no mail is sent', async () => {
    const before = t.mails().length;
    for (const email of [
      'victim@example.com<evil@attacker.example>',
      '"victim"@example.com',
      'a@example.com,evil@attacker.example',
    ]) {
      const signup = await t.api('POST', '/api/users/signup', { body: { ...newPerson(), email } });
      expect(signup.status, email).toBe(400);
      const invite = await t.api('POST', '/api/users', {
        token: t.admin,
        body: { ...newUserBody([{ department_id: GENERAL, role_id: 2 }]), email },
      });
      expect(invite.status, email).toBe(400);
    }
    expect(t.mails().length).toBe(before);
  });
});
