import { expect, it } from 'vitest';
import { userProfileSchema } from '../../../contract/profile';
import { describeApi, newPerson, TEST_PUBLIC_URL } from '../../test-support/test-app';
import { expireMailedTokens, tokenFromMail } from '../../test-support/outbox';

describeApi('sign-up and verification', { admin: false }, (t) => {
  const signup = (body: unknown, link = TEST_PUBLIC_URL) =>
    t.api('POST', `/api/users/signup?verify_page_link=${encodeURIComponent(link)}`, { body });

  it('when a person signs up, verifies by the mailed link and signs in, then /users/me shows a verified Trial user', async () => {
    const who = newPerson('trial');
    const res = await signup(who);
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/verify/i);

    const mail = t.mails().find((m) => m.to.includes(who.email));
    expect(mail?.file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{6}-verify\.eml$/);
    expect(mail?.subject).toMatch(/confirm/i);
    const link = mail?.links.find((l) => l.startsWith(`${TEST_PUBLIC_URL}/verify?token=`));
    expect(link).toBeDefined();

    const notYet = await t.api('POST', '/api/users/login', {
      body: { email: who.email, password: who.password },
    });
    expect(notYet.status).toBe(403);
    expect(notYet.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect(notYet.body.message).toMatch(/new mail/i);

    const token = new URL(link as string).searchParams.get('token') as string;
    const verified = await t.api('GET', `/api/verify/${encodeURIComponent(token)}`);
    expect(verified.status).toBe(200);
    expect(verified.body.email).toBe(who.email);

    const access = await t.login(who.email.toUpperCase(), who.password);
    const me = await t.api('GET', '/api/users/me', { token: access });
    expect(me.status).toBe(200);
    const profile = userProfileSchema.parse(me.body);
    expect(profile).toMatchObject({
      username: who.username,
      email: who.email,
      is_verified: true,
      is_defaultadmin: false,
      status: 'active',
    });
    expect(profile.permissions).toHaveLength(1);
    const [entry] = profile.permissions;
    expect(entry).toMatchObject({
      role_id: 4,
      role_name: 'Trial',
      department_name: expect.stringMatching(/^Trial Test Person( [B-Z]+)?$/),
    });
    expect(entry.department_id).not.toBe(1);
    expect(entry.actions).toHaveLength(9);
    const agent = entry.actions.find((a) => a.module_name === 'Service_agent');
    expect(agent).toMatchObject({
      ADD: true,
      UPDATE: true,
      VIEW: true,
      LIST_VIEW: true,
      DELETE: true,
      DOWNLOAD: false,
    });
    expect(entry.actions.find((a) => a.module_name === 'Query')?.QUERY_DOCUMENT).toBe(true);
    expect(entry.actions.find((a) => a.module_name === 'Users')?.LIST_VIEW).toBe(false);
    expect(me.raw).not.toContain('password');
  });

  it('when the verification link is used twice, then the second answer is TOKEN_USED', async () => {
    const who = newPerson();
    await signup(who);
    const token = tokenFromMail(t.mails(), who.email, '/verify?token=');
    expect((await t.api('GET', `/api/verify/${token}`)).status).toBe(200);
    const again = await t.api('GET', `/api/verify/${token}`);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('TOKEN_USED');
  });

  it('when the verification link is older than 24 hours, then it answers TOKEN_EXPIRED and the account stays unverified', async () => {
    const who = newPerson();
    await signup(who);
    const token = tokenFromMail(t.mails(), who.email, '/verify?token=');
    await expireMailedTokens(t.database, 'verify');
    const res = await t.api('GET', `/api/verify/${token}`);
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
    const user = await t.database.db
      .selectFrom('users')
      .select('is_verified')
      .where('email', '=', who.email)
      .executeTakeFirst();
    expect(user?.is_verified).toBe(0);
  });

  it('when an unknown token is verified, then it answers 400 TOKEN_INVALID', async () => {
    const res = await t.api('GET', '/api/verify/not-a-real-token');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'TOKEN_INVALID', message: expect.any(String) });
  });

  it('when the e-mail is already registered, then signup answers exactly as for a new one and the owner is told by mail; a taken username is 409', async () => {
    const who = newPerson();
    const fresh = await signup(who);
    expect(fresh.status).toBe(201);
    const mailsBefore = t.mails().length;
    const sameEmail = await signup({ ...newPerson(), email: who.email.toUpperCase() });
    expect(sameEmail.status).toBe(201);
    expect(sameEmail.body).toEqual(fresh.body);
    const told = t.mails().slice(mailsBefore);
    expect(told).toHaveLength(1);
    expect(told[0].to).toContain(who.email);
    expect(told[0].subject).toMatch(/already have/i);
    expect(told[0].links.some((l) => l.includes('/reset-password?token='))).toBe(true);
    const accounts = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', who.email)
      .execute();
    expect(accounts).toHaveLength(1);
    const sameName = await signup({ ...newPerson(), username: who.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe('USERNAME_TAKEN');
  });

  it('when the signup body is malformed, then it answers 400 with the fields and creates nothing', async () => {
    const before = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const mailsBefore = t.mails().length;
    const bad = await signup({
      username: 'x',
      first_name: 'Ann<script>',
      last_name: '',
      email: 'no-at-sign',
      password: 'short',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.message).toEqual(expect.any(String));
    const paths = (bad.body.fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['username', 'first_name', 'last_name', 'email', 'password']),
    );
    expect((await signup(undefined)).status).toBe(400);
    const notJson = await t.api('POST', '/api/users/signup', {
      body: '{"broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe('VALIDATION_ERROR');
    const extra = await signup({ ...newPerson(), is_defaultadmin: true });
    expect(extra.status).toBe(201);
    const after = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(t.mails().length).toBe(mailsBefore + 1);
    const admins = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('is_defaultadmin', '=', 1)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('when verify_page_link points to another site, then the mailed link uses PUBLIC_URL, whatever Host the request names', async () => {
    const evil = newPerson('evil');
    await signup(evil, 'https://evil.example.com/steal');
    const evilMail = t.mails().find((m) => m.to.includes(evil.email));
    expect(evilMail?.links.every((l) => !l.includes('evil.example.com'))).toBe(true);
    expect(evilMail?.links.some((l) => l.startsWith(`${TEST_PUBLIC_URL}/verify?token=`))).toBe(
      true,
    );

    const local = newPerson('local');
    await t.api(
      'POST',
      `/api/users/signup?verify_page_link=${encodeURIComponent('http://console.internal:9000')}`,
      {
        body: local,
        headers: { host: 'console.internal:9000' },
      },
    );
    const localMail = t.mails().find((m) => m.to.includes(local.email));
    expect(localMail?.links.some((l) => l.startsWith(`${TEST_PUBLIC_URL}/verify?token=`))).toBe(
      true,
    );
    expect(localMail?.links.some((l) => l.includes('console.internal'))).toBe(false);
  });

  it('when verification is resent, then the answer is the same for unknown, verified and unverified addresses and only the last gets mail', async () => {
    const who = newPerson();
    await signup(who);
    const before = t.mails().length;
    const resend = (email: string) =>
      t.api(
        'POST',
        `/api/users/resend-verification/?email=${encodeURIComponent(email)}&verify_page_link=${encodeURIComponent(TEST_PUBLIC_URL)}`,
      );
    const unknown = await resend('nobody-here@example.com');
    const admin = await resend('admin@atrium.test');
    const pending = await resend(who.email);
    expect(unknown.status).toBe(200);
    expect(admin.body).toEqual(unknown.body);
    expect(pending.body).toEqual(unknown.body);
    expect(t.mails().length).toBe(before + 1);
    // Both links work until used: the newest mail's token verifies the account.
    const token = tokenFromMail(t.mails(), who.email, '/verify?token=');
    expect((await t.api('GET', `/api/verify/${token}`)).status).toBe(200);
  });
});
