import { expect, it } from 'vitest';
import { GENERAL } from '../../test-support/identity';
import { tokenFromMail } from '../../test-support/outbox';
import { createVerifiedUser, describeApi, newUserBody } from '../../test-support/test-app';

/**
 * Security findings: invitation and reset links survived an admin changing the user's e-mail
 * (the old address's owner could set the password), and reset links survived a password change.
 */
describeApi('mailed links are withdrawn', (t) => {
  it('when an admin changes an invited user’s e-mail, then the invitation link sent to the old address no longer works', async () => {
    const body = newUserBody([{ department_id: GENERAL, role_id: 2 }], 'invite');
    const { email } = body;
    const created = await t.api('POST', '/api/users', { token: t.admin, body });
    expect(created.status).toBe(201);
    const oldToken = tokenFromMail(t.mails(), email, '/reset-password?token=');
    expect((await t.api('GET', `/api/verify/reset/${oldToken}`)).status).toBe(200);

    const newEmail = `moved.${email}`;
    const moved = await t.api('PUT', `/api/users/${created.body.id}`, {
      token: t.admin,
      body: { email: newEmail },
    });
    expect(moved.status).toBe(200);

    const check = await t.api('GET', `/api/verify/reset/${oldToken}`);
    expect(check.status).toBe(400);
    expect(check.body.code).toBe('TOKEN_INVALID');
    expect(JSON.stringify(check.body)).not.toContain(newEmail);
    const takeover = await t.api('POST', `/api/verify/reset/${oldToken}`, {
      body: { password: 'Taken-Over-Pass-99' },
    });
    expect(takeover.status).toBe(400);
    const signIn = await t.api('POST', '/api/users/login', {
      body: { email: newEmail, password: 'Taken-Over-Pass-99' },
    });
    expect(signIn.status).toBe(401);
  });

  it('when a user changes their password, then a reset link mailed before no longer works', async () => {
    const who = await createVerifiedUser(t);
    expect((await t.api('POST', `/api/users/forgot-password/${who.email}`)).status).toBe(200);
    const resetToken = tokenFromMail(t.mails(), who.email, '/reset-password?token=');

    const session = await t.login(who.email, who.password);
    const changed = await t.api('PUT', '/api/users/me/password', {
      token: session,
      body: { old_password: who.password, new_password: 'Brand-New-Pass-77' },
    });
    expect(changed.status).toBe(200);

    const reuse = await t.api('POST', `/api/verify/reset/${resetToken}`, {
      body: { password: 'Attacker-Pass-55' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('TOKEN_INVALID');
    const attacker = await t.api('POST', '/api/users/login', {
      body: { email: who.email, password: 'Attacker-Pass-55' },
    });
    expect(attacker.status).toBe(401);
    expect(await t.login(who.email, 'Brand-New-Pass-77')).toBeTruthy();
  });

  it('when a password is reset by one link, then the other reset links mailed before no longer work', async () => {
    const who = await createVerifiedUser(t);
    await t.api('POST', `/api/users/forgot-password/${who.email}`);
    const first = tokenFromMail(t.mails(), who.email, '/reset-password?token=');
    await t.api('POST', `/api/users/forgot-password/${who.email}`);
    const second = tokenFromMail(t.mails(), who.email, '/reset-password?token=');
    expect(first).not.toBe(second);
    const used = await t.api('POST', `/api/verify/reset/${second}`, {
      body: { password: 'Reset-Once-Pass-11' },
    });
    expect(used.status).toBe(200);
    const again = await t.api('POST', `/api/verify/reset/${first}`, {
      body: { password: 'Reset-Twice-Pass-22' },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await t.login(who.email, 'Reset-Once-Pass-11')).toBeTruthy();
  });
});
