import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';
import { isCommonPassword } from '../../services/security/common-passwords';
import { describeApi, newPerson, signedInUser } from '../../test-support/test-app';

/** OWASP ASVS V2.1: 12+ characters, passphrases welcome, common and breached passwords refused. */
describeApi('password policy', { admin: false }, (t) => {
  const signup = (password: string) =>
    t.api('POST', '/api/users/signup', { body: { ...newPerson('pw'), password } });

  it('when a sign-up uses a short or a common password, then it is 400 naming the rule and no account is made', async () => {
    for (const [password, rule] of [
      ['password', 'validation:passwordLength'],
      ['12345678', 'validation:passwordLength'],
      ['Elf-Chars-1', 'validation:passwordLength'],
      ['qwerty123456', 'validation:passwordCommon'],
      ['1qaz2wsx3edc', 'validation:passwordCommon'],
      ['QWERTY123456', 'validation:passwordCommon'],
    ]) {
      const before = t.mails().length;
      const res = await signup(password);
      expect(res.status, password).toBe(400);
      expect(res.body.fields, password).toContainEqual({ path: 'password', message: rule });
      expect(t.mails().length, password).toBe(before);
    }
  });

  it('when a sign-up uses a long passphrase with spaces or non-Latin letters, then it is accepted', async () => {
    for (const password of [
      'correct horse battery staple',
      'Зелёный чай утром 7',
      '🔑🔑🔑 ключи от дома',
    ])
      expect((await signup(password)).status, password).toBe(201);
  });

  it('when a reset or a password change picks a common password, then it is refused and the old one still works', async () => {
    const { token: session, ...who } = await signedInUser(t, newPerson('pwchange'));
    const change = await t.api('PUT', '/api/users/me/password', {
      token: session,
      body: { old_password: who.password, new_password: 'qwertyqwerty' },
    });
    expect(change.status).toBe(400);
    expect(change.body.fields).toContainEqual({
      path: 'new_password',
      message: 'validation:passwordCommon',
    });

    await t.api('POST', `/api/users/forgot-password/${who.email}`);
    const mail = [...t.mails()].reverse().find((m) => m.to.includes(who.email));
    const token = new URL(mail?.links[0] ?? 'http://x').searchParams.get('token');
    const reset = await t.api('POST', `/api/verify/reset/${token}`, {
      body: { password: '123456654321' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('PASSWORD_COMMON');
    expect(await t.login(who.email, who.password)).toBeTruthy();
  });
});

describeApi('current-password checks', { admin: false }, (t) => {
  it('when a session keeps trying wrong current passwords, then further tries wait with 429 and Retry-After', async () => {
    const { token: session, ...who } = await signedInUser(t, newPerson('stolen'));
    const change = (old_password: string) =>
      t.api('PUT', '/api/users/me/password', {
        token: session,
        body: { old_password, new_password: 'Fresh-Passphrase-2026' },
      });
    for (let i = 1; i <= 4; i++) expect((await change(`Guess-${i}-abcdef`)).status).toBe(400);
    const right = await change(who.password);
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect(await t.login(who.email, who.password)).toBeTruthy();
  });
});

describe('the common-password list', () => {
  it('when it is consulted, then well-known passwords are found in any case and rare ones are not', () => {
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('Qwerty123456 ')).toBe(true);
    expect(isCommonPassword('correct horse battery staple atrium')).toBe(false);
  });

  it('when ADMIN_PASSWORD is a common one, then the configuration is refused', () => {
    expect(() => parseEnv({ ADMIN_PASSWORD: 'qwerty123456' })).toThrow(/ADMIN_PASSWORD/);
  });
});
