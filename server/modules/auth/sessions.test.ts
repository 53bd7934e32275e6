import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  describeApi,
  newPerson,
  signedInUser,
  startTestApp,
  TEST_PUBLIC_URL,
} from '../../test-support/test-app';
import { expireMailedTokens, tokenFromMail } from '../../test-support/outbox';

describeApi('sessions and passwords', { admin: false }, (t) => {
  const me = (token?: string) => t.api('GET', '/api/users/me', { token });
  const loginStatus = async (email: string, password: string) =>
    (await t.api('POST', '/api/users/login', { body: { email, password } })).status;

  it('when no token or a malformed one is sent, then private routes answer 401', async () => {
    const none = await me();
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHORIZED');
    expect((await me('not-a-jwt')).status).toBe(401);
  });

  it('when the user logs out, then the old token is refused at once', async () => {
    const { token } = await signedInUser(t);
    expect((await me(token)).status).toBe(200);
    const out = await t.api('POST', '/api/users/logout', { token });
    expect(out.status).toBe(200);
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_EXPIRED');
  });

  it('when a token is tampered with or signed with another key, then it is refused', async () => {
    const { token } = await signedInUser(t);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString(
      'base64url',
    );
    expect((await me(`${header}.${forgedPayload}.${signature}`)).status).toBe(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await me(`${header}.${payload}.${flipped}`)).status).toBe(401);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await me(otherKey)).status).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect((await me(none)).status).toBe(401);
    expect((await me(token)).status).toBe(200);
  });

  it('when the session row has expired, then the token is refused although its signature is fine', async () => {
    const { token, ...who } = await signedInUser(t);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
  });

  it('when the password is changed, then other sessions end, this one stays, and a wrong old password answers 400', async () => {
    const { token: here, ...who } = await signedInUser(t);
    const elsewhere = await t.login(who.email, who.password);
    const change = (old_password: string, new_password: string) =>
      t.api('PUT', '/api/users/me/password', { token: here, body: { old_password, new_password } });

    const wrong = await change('Not-The-Password-1', 'Brand-New-Pass-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    const same = await change(who.password, who.password);
    expect(same.status).toBe(400);
    expect(same.body.fields[0]).toEqual({
      path: 'new_password',
      message: 'validation:passwordSame',
    });

    expect((await change(who.password, 'Brand-New-Pass-1')).status).toBe(200);
    expect((await me(here)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect(await loginStatus(who.email, who.password)).toBe(401);
    await t.login(who.email, 'Brand-New-Pass-1');
  });

  it('when a user forgets the password and follows the reset mail, then old sessions end and only the new password works', async () => {
    const { token: oldSession, ...who } = await signedInUser(t);
    const forgot = await t.api(
      'POST',
      `/api/users/forgot-password/${encodeURIComponent(who.email)}?verify_page_link=${encodeURIComponent(TEST_PUBLIC_URL)}`,
    );
    expect(forgot.status).toBe(200);
    const mail = [...t.mails()].reverse().find((m) => m.to.includes(who.email));
    expect(mail?.file).toMatch(/-reset\.eml$/);
    expect(mail?.links.some((l) => l.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`))).toBe(
      true,
    );
    const token = tokenFromMail(t.mails(), who.email, '/reset-password?token=');

    const check = await t.api('GET', `/api/verify/reset/${token}`);
    expect(check.status).toBe(200);
    expect(check.body.email).toBe(who.email);

    const weak = await t.api('POST', `/api/verify/reset/${token}`, { body: { password: 'short' } });
    expect(weak.status).toBe(400);
    const reset = await t.api('POST', `/api/verify/reset/${token}`, {
      body: { password: 'Reset-Pass-456' },
    });
    expect(reset.status).toBe(200);

    expect((await me(oldSession)).status).toBe(401);
    expect(await loginStatus(who.email, who.password)).toBe(401);
    await t.login(who.email, 'Reset-Pass-456');
    const reused = await t.api('POST', `/api/verify/reset/${token}`, {
      body: { password: 'Another-Pass-789' },
    });
    expect(reused.status).toBe(410);
    expect(reused.body.code).toBe('TOKEN_USED');
    expect((await t.api('GET', `/api/verify/reset/${token}`)).body.code).toBe('TOKEN_USED');
  });

  it('when a slowed-down account resets its password, then it signs in at once', async () => {
    const who = await createVerifiedUser(t);
    for (let i = 0; i < 5; i++) await loginStatus(who.email, `Wrong-Pass-${i}`);
    await t.api('POST', `/api/users/forgot-password/${encodeURIComponent(who.email)}`);
    const token = tokenFromMail(t.mails(), who.email, '/reset-password?token=');
    await t.api('POST', `/api/verify/reset/${token}`, { body: { password: 'After-Lock-123' } });
    await t.login(who.email, 'After-Lock-123');
  });

  it('when forgot-password is asked for an unknown address, then the answer is the same and no mail is written', async () => {
    const who = await createVerifiedUser(t);
    const before = t.mails().length;
    const unknown = await t.api('POST', '/api/users/forgot-password/nobody-known@example.com');
    expect(t.mails().length).toBe(before);
    const known = await t.api(
      'POST',
      `/api/users/forgot-password/${encodeURIComponent(who.email)}`,
    );
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(t.mails().length).toBe(before + 1);
    const invalid = await t.api('POST', '/api/users/forgot-password/not-an-email');
    expect(invalid.status).toBe(400);
  });

  it('when the forgot-password link asks for another origin, then the mail links to PUBLIC_URL', async () => {
    const who = await createVerifiedUser(t, newPerson('redirect'));
    await t.api(
      'POST',
      `/api/users/forgot-password/${encodeURIComponent(who.email)}?verify_page_link=${encodeURIComponent('https://attacker.example')}`,
    );
    const mail = [...t.mails()].reverse().find((m) => m.to.includes(who.email));
    expect(mail?.links.some((l) => l.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`))).toBe(
      true,
    );
    expect(mail?.text).not.toContain('attacker');
  });

  it('when a reset link has expired, then checking and using it answer TOKEN_EXPIRED', async () => {
    const who = await createVerifiedUser(t);
    await t.api('POST', `/api/users/forgot-password/${encodeURIComponent(who.email)}`);
    const token = tokenFromMail(t.mails(), who.email, '/reset-password?token=');
    await expireMailedTokens(t.database, 'reset');
    expect((await t.api('GET', `/api/verify/reset/${token}`)).body.code).toBe('TOKEN_EXPIRED');
    const use = await t.api('POST', `/api/verify/reset/${token}`, {
      body: { password: 'Too-Late-123' },
    });
    expect(use.status).toBe(410);
    expect(use.body.code).toBe('TOKEN_EXPIRED');
  });
});

describe('session lifetime', () => {
  it('when SESSION_TTL has passed, then the token is refused', async () => {
    const t = await startTestApp('sqlite', { SESSION_TTL: '1s' });
    try {
      const token = await t.login('admin@atrium.test', 'Admin-Pass-123');
      expect((await t.api('GET', '/api/users/me', { token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await t.api('GET', '/api/users/me', { token })).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('long addresses in paths', () => {
  it('when forgot-password is asked for a 200-character address, then it answers like any other', async () => {
    const t = await startTestApp('sqlite');
    try {
      // RFC 5321's longest parts: a 64-character local part and 63-character labels.
      const email = `${'a'.repeat(30)}.${'b'.repeat(33)}@${'c'.repeat(63)}.${'d'.repeat(63)}.example.com`;
      const res = await t.api('POST', `/api/users/forgot-password/${encodeURIComponent(email)}`);
      expect(res.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
